import { z } from "zod";
import { isTimeZone } from "@/lib/clock/time-zone";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";
import { addressSchema } from "@/lib/emails/addresses";
import { frequencyCapSchema } from "@/lib/automations/frequency-cap/frequency-cap-schema";

export const signUpBodySchema = z.object({
  name: z.string().trim().min(1, "name is required").max(100),
  email: z.string().trim().toLowerCase().pipe(z.email("a valid email address is required")),
  password: z.string().min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`).max(200),
});

export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const updateAccountBodySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    companyName: z.string().trim().max(200).nullable(),
    defaultFrom: addressSchema.nullable(),
    trackOpens: z.boolean(),
    trackClicks: z.boolean(),
    // The zone a send window "in the contact's time zone" uses for a contact without one.
    timezone: z
      .string()
      .refine((tz) => isTimeZone(tz), 'timezone must be an IANA time zone such as "Europe/Paris"')
      .nullable(),
    // Most emails of non-transactional automations one contact gets a day and a week.
    frequencyCap: frequencyCapSchema.nullable(),
    passwordSignIn: z.boolean().meta({
      description: "false: members sign in through single sign-on only (needs OIDC configured on the server).",
    }),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "send at least one field to change" });

export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, "currentPassword is required"),
  newPassword: z.string().min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`).max(200),
});

export const confirmEmailQuerySchema = z.object({
  token: z.string().min(1, "token is required").max(200),
});
