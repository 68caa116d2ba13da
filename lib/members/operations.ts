import { defineOperation } from "@/lib/api/define-operation";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { acceptInvitationBodySchema, createInvitationBodySchema, switchAccountBodySchema, updateMemberBodySchema } from "./schemas";
import {
  acceptedInvitationResponseSchema,
  invitationResponseSchema,
  listInvitationsResponseSchema,
  listMembersResponseSchema,
  listMyAccountsResponseSchema,
  memberResponseSchema,
  removedMemberResponseSchema,
} from "./response-schemas";

export const listMembersOp = defineOperation({
  method: "GET",
  path: "/members",
  id: "listMembers",
  summary: "List the account's members and their roles",
  tag: "Members",
  query: paginationQuerySchema,
  response: listMembersResponseSchema,
});

export const updateMemberOp = defineOperation({
  method: "PATCH",
  path: "/members/{id}",
  id: "updateMember",
  summary: "Change a member's role (ends their sessions)",
  description:
    "Only an owner grants the owner role or changes an owner's; the account always keeps an owner (409 otherwise). The member's dashboard sessions end at once.",
  tag: "Members",
  body: updateMemberBodySchema,
  response: memberResponseSchema,
  errors: ["not_found", "conflict"],
  example: { role: "marketer" },
});

export const removeMemberOp = defineOperation({
  method: "DELETE",
  path: "/members/{id}",
  id: "removeMember",
  summary: "Remove a member (ends their sessions)",
  description: "Only an owner removes an owner; the account always keeps an owner (409 otherwise).",
  tag: "Members",
  response: removedMemberResponseSchema,
  errors: ["not_found", "conflict"],
});

export const createInvitationOp = defineOperation({
  method: "POST",
  path: "/members/invitations",
  id: "createInvitation",
  summary: "Invite someone by email with a role",
  description:
    "Emails a link (through the service's own mail: the dev inbox in local mode) that works once, for 7 days. A pending invitation of the same address is replaced.",
  tag: "Members",
  body: createInvitationBodySchema,
  status: 201,
  response: invitationResponseSchema,
  errors: ["conflict", "limit_reached"],
  example: { email: "sam@example.com", role: "marketer" },
});

export const listInvitationsOp = defineOperation({
  method: "GET",
  path: "/members/invitations",
  id: "listInvitations",
  summary: "List invitations with their role and state",
  tag: "Members",
  query: paginationQuerySchema,
  response: listInvitationsResponseSchema,
});

export const revokeInvitationOp = defineOperation({
  method: "DELETE",
  path: "/members/invitations/{id}",
  id: "revokeInvitation",
  summary: "Revoke a pending invitation",
  tag: "Members",
  response: invitationResponseSchema,
  errors: ["not_found", "conflict"],
});

export const acceptInvitationOp = defineOperation({
  method: "POST",
  path: "/members/invitations/accept",
  id: "acceptInvitation",
  summary: "Accept an invitation (the link's token) and set a password",
  description:
    "No authentication: the token from the emailed link. A new address sets its name and password; an address that already signs in gives its current password. 409 for a link used, revoked or expired.",
  tag: "Members",
  public: true,
  body: acceptInvitationBodySchema,
  response: acceptedInvitationResponseSchema,
  errors: ["unauthorized", "not_found", "conflict"],
});

export const listMyAccountsOp = defineOperation({
  method: "GET",
  path: "/members/accounts",
  id: "listMyAccounts",
  summary: "The accounts the signed-in member belongs to (dashboard session)",
  tag: "Members",
  response: listMyAccountsResponseSchema,
});

export const switchAccountOp = defineOperation({
  method: "POST",
  path: "/members/accounts/switch",
  id: "switchAccount",
  summary: "Switch the dashboard to another account the member belongs to",
  tag: "Members",
  body: switchAccountBodySchema,
  response: listMyAccountsResponseSchema,
  errors: ["not_found"],
});
