import { z } from "zod";
import { idOf, listOf, nullableTimestamp, timestamp } from "@/lib/openapi/common";
import { ROLES } from "./roles";

export const memberResponseSchema = z
  .object({
    id: idOf("mem"),
    userId: idOf("usr"),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(ROLES),
    createdAt: timestamp,
  })
  .meta({ id: "Member" });

export const INVITATION_STATES = ["pending", "accepted", "expired", "revoked"] as const;

export const invitationResponseSchema = z
  .object({
    id: idOf("inv"),
    email: z.string(),
    role: z.enum(ROLES),
    state: z.enum(INVITATION_STATES),
    expiresAt: timestamp,
    acceptedAt: nullableTimestamp,
    createdAt: timestamp,
  })
  .meta({ id: "Invitation" });

export const acceptedInvitationResponseSchema = z.object({
  accountId: idOf("acc"),
  email: z.string(),
  role: z.enum(ROLES),
});

export const myAccountResponseSchema = z
  .object({ id: idOf("acc"), name: z.string(), role: z.enum(ROLES), current: z.boolean() })
  .meta({ id: "MemberAccount" });

export const listMembersResponseSchema = listOf(memberResponseSchema);
export const listInvitationsResponseSchema = listOf(invitationResponseSchema);
export const listMyAccountsResponseSchema = z.object({ data: z.array(myAccountResponseSchema) });
export const removedMemberResponseSchema = z.object({ id: idOf("mem"), deleted: z.literal(true) });
