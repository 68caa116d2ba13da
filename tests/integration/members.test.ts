import { describe, expect, it } from "vitest";
import { GET as listMembersRoute } from "@/app/api/v1/members/route";
import { PATCH as updateMemberRoute, DELETE as removeMemberRoute } from "@/app/api/v1/members/[id]/route";
import { GET as listInvitationsRoute, POST as inviteRoute } from "@/app/api/v1/members/invitations/route";
import { DELETE as revokeInvitationRoute } from "@/app/api/v1/members/invitations/[id]/route";
import { POST as acceptRoute } from "@/app/api/v1/members/invitations/accept/route";
import { GET as myAccountsRoute } from "@/app/api/v1/members/accounts/route";
import { POST as switchRoute } from "@/app/api/v1/members/accounts/switch/route";
import { GET as apiKeysRoute } from "@/app/api/v1/api-keys/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { verifyCredentials } from "@/lib/auth/verify-credentials";
import { call, makeAccount } from "../helpers/api";
import { sessionCookie, sessionHeaders } from "../helpers/session";

const PASSWORD = "invited member pw";

async function invite(ownerCookie: string, role: string, email = `m-${randomBase62(8).toLowerCase()}@example.test`) {
  const res = await call(inviteRoute, {
    method: "POST",
    path: "/api/v1/members/invitations",
    body: { email, role },
    headers: sessionHeaders(ownerCookie),
  });
  expect(res.status).toBe(201);
  return { email, invitation: res.json };
}

/** The token of the invitation link the dev inbox caught for an address. */
async function tokenFromInbox(accountId: string, email: string): Promise<string> {
  const mail = await getDb().inboxMessage.findFirstOrThrow({ where: { accountId, to: { has: email } }, orderBy: { createdAt: "desc" } });
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1];
  expect(token).toBeTruthy();
  return token!;
}

async function accept(token: string, password = PASSWORD) {
  return call(acceptRoute, { method: "POST", path: "/api/v1/members/invitations/accept", body: { token, name: "Sam", password } });
}

/** An account and a member of it with the given role, each with a session cookie. */
async function withMember(role: string) {
  const owner = await makeAccount();
  const ownerCookie = await sessionCookie(owner.userId);
  const { email } = await invite(ownerCookie, role);
  expect((await accept(await tokenFromInbox(owner.accountId, email))).status).toBe(200);
  const user = await getDb().user.findUniqueOrThrow({ where: { email } });
  const membership = await getDb().membership.findFirstOrThrow({ where: { userId: user.id, accountId: owner.accountId } });
  return { owner, ownerCookie, email, userId: user.id, memberId: membership.id, memberCookie: await sessionCookie(user.id) };
}

describe("members and invitations", () => {
  it("makes the account's creator its owner", async () => {
    const owner = await makeAccount();
    const res = await call(listMembersRoute, { path: "/api/v1/members", headers: sessionHeaders(await sessionCookie(owner.userId)) });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([expect.objectContaining({ userId: owner.userId, email: owner.email, role: "owner" })]);
  });

  it("invites by email through the dev inbox; the link sets a password, works once and is listed with its state", async () => {
    const owner = await makeAccount();
    const cookie = await sessionCookie(owner.userId);
    const { email, invitation } = await invite(cookie, "marketer");
    expect(invitation).toMatchObject({ email, role: "marketer", state: "pending", acceptedAt: null });

    const token = await tokenFromInbox(owner.accountId, email);
    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({ accountId: owner.accountId, email, role: "marketer" });
    // The password set there signs in.
    const user = await verifyCredentials({ email, password: PASSWORD, clientAddress: "127.0.0.9" });
    expect(user?.accountId).toBe(owner.accountId);

    const again = await accept(token);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toMatch(/already used/);

    const list = await call(listInvitationsRoute, { path: "/api/v1/members/invitations", headers: sessionHeaders(cookie) });
    expect(list.json.data).toEqual([expect.objectContaining({ id: invitation.id, role: "marketer", state: "accepted" })]);
    const members = await call(listMembersRoute, { path: "/api/v1/members", headers: sessionHeaders(cookie) });
    expect(members.json.data.map((m: { role: string }) => m.role)).toEqual(["owner", "marketer"]);
  });

  it("refuses an expired or revoked link, and an unknown one", async () => {
    const owner = await makeAccount();
    const cookie = await sessionCookie(owner.userId);
    const { email, invitation } = await invite(cookie, "viewer");
    const token = await tokenFromInbox(owner.accountId, email);
    await getDb().invitation.update({ where: { id: invitation.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await accept(token);
    expect(expired.status).toBe(409);
    expect(expired.json.error.message).toMatch(/expired/);
    const list = await call(listInvitationsRoute, { path: "/api/v1/members/invitations", headers: sessionHeaders(cookie) });
    expect(list.json.data[0]).toMatchObject({ id: invitation.id, state: "expired" });

    const second = await invite(cookie, "viewer");
    const revoked = await call(revokeInvitationRoute, {
      method: "DELETE",
      path: `/api/v1/members/invitations/${second.invitation.id}`,
      params: { id: second.invitation.id },
      headers: sessionHeaders(cookie),
    });
    expect(revoked.json.state).toBe("revoked");
    expect((await accept(await tokenFromInbox(owner.accountId, second.email))).status).toBe(409);
    expect((await accept("not-a-real-token")).status).toBe(404);
    expect(await getDb().user.findUnique({ where: { email } })).toBeNull();
  });

  it("ends a member's sessions at once when their role changes or they are removed", async () => {
    const { ownerCookie, memberId, memberCookie, userId } = await withMember("developer");
    const keys = await call(apiKeysRoute, { path: "/api/v1/api-keys", headers: sessionHeaders(memberCookie) });
    expect(keys.status).toBe(200);

    const changed = await call(updateMemberRoute, {
      method: "PATCH",
      path: `/api/v1/members/${memberId}`,
      params: { id: memberId },
      body: { role: "viewer" },
      headers: sessionHeaders(ownerCookie),
    });
    expect(changed.json.role).toBe("viewer");
    expect((await call(apiKeysRoute, { path: "/api/v1/api-keys", headers: sessionHeaders(memberCookie) })).status).toBe(401);

    // Signed in again: the new role applies.
    const fresh = await sessionCookie(userId);
    expect((await call(listMembersRoute, { path: "/api/v1/members", headers: sessionHeaders(fresh) })).status).toBe(200);
    const removed = await call(removeMemberRoute, {
      method: "DELETE",
      path: `/api/v1/members/${memberId}`,
      params: { id: memberId },
      headers: sessionHeaders(ownerCookie),
    });
    expect(removed.json).toEqual({ id: memberId, deleted: true });
    expect((await call(listMembersRoute, { path: "/api/v1/members", headers: sessionHeaders(fresh) })).status).toBe(401);
    // Invited into this account alone, the user is gone with the membership.
    expect(await getDb().user.findUnique({ where: { id: userId } })).toBeNull();
  });

  it("keeps an owner, and leaves ownership to owners", async () => {
    const { owner, ownerCookie, memberCookie } = await withMember("admin");
    const ownerMember = await getDb().membership.findFirstOrThrow({ where: { accountId: owner.accountId, role: "owner" } });
    const demote = await call(updateMemberRoute, {
      method: "PATCH",
      path: `/api/v1/members/${ownerMember.id}`,
      params: { id: ownerMember.id },
      body: { role: "admin" },
      headers: sessionHeaders(ownerCookie),
    });
    expect(demote.status).toBe(409);
    expect(demote.json.error.message).toMatch(/keep an owner/);
    const removeOwner = await call(removeMemberRoute, {
      method: "DELETE",
      path: `/api/v1/members/${ownerMember.id}`,
      params: { id: ownerMember.id },
      headers: sessionHeaders(memberCookie),
    });
    expect(removeOwner.status).toBe(403);
    const adminInvitesOwner = await call(inviteRoute, {
      method: "POST",
      path: "/api/v1/members/invitations",
      body: { email: "boss@example.test", role: "owner" },
      headers: sessionHeaders(memberCookie),
    });
    expect(adminInvitesOwner.status).toBe(403);
    expect(adminInvitesOwner.json.error.code).toBe("forbidden");
  });

  it("lets a member of two accounts switch between them, and shows nothing of one in the other", async () => {
    const a = await makeAccount();
    const b = await makeAccount();
    // b's owner is invited into a: the link asks for b's existing password.
    const { invitation } = await invite(await sessionCookie(a.userId), "developer", b.email);
    const token = await tokenFromInbox(a.accountId, b.email);
    expect((await accept(token, "wrong password here")).status).toBe(401);
    expect((await accept(token, "correct horse battery")).status).toBe(200);
    expect(invitation.role).toBe("developer");

    const cookie = await sessionCookie(b.userId);
    const accounts = await call(myAccountsRoute, { path: "/api/v1/members/accounts", headers: sessionHeaders(cookie) });
    expect(accounts.json.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: a.accountId, role: "developer", current: true }),
        expect.objectContaining({ id: b.accountId, role: "owner", current: false }),
      ]),
    );
    const keysIn = async () =>
      (await call(apiKeysRoute, { path: "/api/v1/api-keys", headers: sessionHeaders(cookie) })).json.data.map((k: { id: string }) => k.id);
    expect(await keysIn()).toEqual([a.keyId]);

    const switched = await call(switchRoute, {
      method: "POST",
      path: "/api/v1/members/accounts/switch",
      body: { accountId: b.accountId },
      headers: sessionHeaders(cookie),
    });
    expect(switched.status).toBe(200);
    expect(await keysIn()).toEqual([b.keyId]);
    const members = await call(listMembersRoute, { path: "/api/v1/members", headers: sessionHeaders(cookie) });
    expect(members.json.data.map((m: { userId: string }) => m.userId)).toEqual([b.userId]);

    // An account the user is not in is not found; an API key cannot switch.
    const c = await makeAccount();
    const stranger = await call(switchRoute, {
      method: "POST",
      path: "/api/v1/members/accounts/switch",
      body: { accountId: c.accountId },
      headers: sessionHeaders(cookie),
    });
    expect(stranger.status).toBe(404);
    const byKey = await call(switchRoute, {
      method: "POST",
      path: "/api/v1/members/accounts/switch",
      body: { accountId: a.accountId },
      key: b.key,
    });
    expect(byKey.status).toBe(403);
  });
});
