import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";
import { ROLES } from "./roles";

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

const role = z.enum(ROLES, { message: `role must be one of ${ROLES.join(", ")}` });

export const createInvitationBodySchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email("a valid email address is required")),
    role,
  })
  .strict();

export const updateMemberBodySchema = z.object({ role }).strict();

export const acceptInvitationBodySchema = z
  .object({
    token: z.string().min(1, "token is required").max(200),
    name: z.string().trim().min(1).max(100).optional(),
    password: z.string().min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`).max(200),
  })
  .strict();

export const switchAccountBodySchema = z.object({ accountId: z.string().min(1).max(64) }).strict();

export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;
