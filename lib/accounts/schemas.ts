import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";

export const signUpBodySchema = z.object({
  name: z.string().trim().min(1, "name is required").max(100),
  email: z.string().trim().toLowerCase().pipe(z.email("a valid email address is required")),
  password: z.string().min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`).max(200),
});

export type SignUpBody = z.infer<typeof signUpBodySchema>;
