import { z } from "zod";

export const smtpSettingsResponseSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(["starttls", "starttls_required"]),
  username: z.string(),
  password: z.string().meta({ description: "A description, never a secret: the password is an API key." }),
  authMethods: z.array(z.enum(["PLAIN", "LOGIN"])),
  certificate: z.enum(["configured", "self_signed"]),
  maxMessageBytes: z.number().int(),
});
