import { describe, expect, it } from "vitest";
import { GET as auditLogRoute } from "@/app/api/v1/audit-log/route";
import { DELETE as revokeKeyRoute } from "@/app/api/v1/api-keys/[id]/route";
import { POST as createDomainRoute } from "@/app/api/v1/domains/route";
import { DELETE as deleteDomainRoute } from "@/app/api/v1/domains/[id]/route";
import { POST as verifyDomainRoute } from "@/app/api/v1/domains/[id]/verify/route";
import { PATCH as updateWebhookRoute, DELETE as deleteWebhookRoute } from "@/app/api/v1/webhooks/[id]/route";
import { PUT as updateTemplateRoute } from "@/app/api/v1/templates/[id]/route";
import { POST as pauseAutomationRoute } from "@/app/api/v1/automations/[id]/pause/route";
import { POST as activateAutomationRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as cancelBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/cancel/route";
import { DELETE as deleteContactRoute } from "@/app/api/v1/contacts/[id]/route";
import { PUT as updateAccountRoute } from "@/app/api/v1/account/route";
import { POST as inviteRoute } from "@/app/api/v1/members/invitations/route";
import { POST as acceptRoute } from "@/app/api/v1/members/invitations/accept/route";
import { PATCH as updateMemberRoute, DELETE as removeMemberRoute } from "@/app/api/v1/members/[id]/route";
import { getDb } from "@/lib/db/client";
import { appendAuditEntry } from "@/lib/audit-log/append-audit-entry";
import { verifyAuditChain } from "@/lib/audit-log/verify-audit-chain";
import { purgeExpiredRows } from "@/lib/jobs/purge-expired-rows";
import { randomBase62 } from "@/lib/db/ids";
import { call, makeAccount } from "../helpers/api";
import { CLI_TEST_TIMEOUT, runCli } from "../helpers/cli";
import { makeWorld } from "../helpers/world";
import { sessionCookie, sessionHeaders } from "../helpers/session";
import { withEnv } from "../helpers/with-env";

async function entries(key: string, query = "") {
  const res = await call(auditLogRoute, { path: `/api/v1/audit-log?limit=100${query}`, key });
  expect(res.status).toBe(200);
  return res.json;
}

describe("audit log", () => {
  it("records every audited action with its actor, target, address and summary", async () => {
    const world = await withEnv({ WEBHOOK_ALLOW_PRIVATE: "1" }, () => makeWorld());
    const { key, ids } = world;
    const ip = { "x-forwarded-for": "203.0.113.7" };
    const byKey = (method: string, path: string, params: Record<string, string>, body?: unknown) => ({
      method,
      path,
      params,
      body,
      key,
      headers: ip,
    });

    expect((await call(revokeKeyRoute, byKey("DELETE", `/api/v1/api-keys/${ids.apiKey}`, { id: ids.apiKey }))).status).toBe(200);
    const domain = await call(createDomainRoute, {
      method: "POST",
      path: "/api/v1/domains",
      body: { name: `aud${randomBase62(6).toLowerCase()}.example` },
      key,
      headers: ip,
    });
    expect(domain.status).toBe(201);
    await withEnv({ DNS_SERVERS: "127.0.0.1:9", DNS_TIMEOUT_MS: "200" }, () =>
      call(verifyDomainRoute, byKey("POST", `/api/v1/domains/${domain.json.id}/verify`, { id: domain.json.id })),
    );
    expect((await call(deleteDomainRoute, byKey("DELETE", `/api/v1/domains/${domain.json.id}`, { id: domain.json.id }))).status).toBe(200);
    const webhookPatch = await withEnv({ WEBHOOK_ALLOW_PRIVATE: "1" }, () =>
      call(updateWebhookRoute, byKey("PATCH", `/api/v1/webhooks/${ids.webhook}`, { id: ids.webhook }, { events: ["email.opened"] })),
    );
    expect(webhookPatch.status).toBe(200);
    expect((await call(deleteWebhookRoute, byKey("DELETE", `/api/v1/webhooks/${ids.webhook}`, { id: ids.webhook }))).status).toBe(200);
    const template = await call(
      updateTemplateRoute,
      byKey("PUT", `/api/v1/templates/${ids.template}`, { id: ids.template }, { subject: "New subject" }),
    );
    expect(template.status).toBe(200);
    await call(activateAutomationRoute, byKey("POST", `/api/v1/automations/${ids.automation}/activate`, { id: ids.automation }, {}));
    expect(
      (await call(pauseAutomationRoute, byKey("POST", `/api/v1/automations/${ids.automation}/pause`, { id: ids.automation }))).status,
    ).toBe(200);
    expect(
      (
        await call(
          cancelBroadcastRoute,
          byKey("POST", `/api/v1/broadcasts/${ids.scheduledBroadcast}/cancel`, { id: ids.scheduledBroadcast }),
        )
      ).status,
    ).toBe(200);
    expect((await call(deleteContactRoute, byKey("DELETE", `/api/v1/contacts/${ids.contact}`, { id: ids.contact }))).status).toBe(200);
    expect(
      (await call(updateAccountRoute, { method: "PUT", path: "/api/v1/account", body: { name: "Renamed" }, key, headers: ip })).status,
    ).toBe(200);

    // Members, by the owner's session.
    const cookie = await sessionCookie(world.userId);
    const invited = await call(inviteRoute, {
      method: "POST",
      path: "/api/v1/members/invitations",
      body: { email: `aud-${randomBase62(6).toLowerCase()}@example.test`, role: "viewer" },
      headers: { ...sessionHeaders(cookie), ...ip },
    });
    expect(invited.status).toBe(201);
    const mail = await getDb().inboxMessage.findFirstOrThrow({ where: { accountId: world.accountId, to: { has: invited.json.email } } });
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text ?? "")![1];
    expect(
      (
        await call(acceptRoute, {
          method: "POST",
          path: "/api/v1/members/invitations/accept",
          body: { token, password: "a long password" },
        })
      ).status,
    ).toBe(200);
    const member = await getDb().membership.findFirstOrThrow({ where: { accountId: world.accountId, role: "viewer" } });
    const memberCall = (handler: Parameters<typeof call>[0], method: string, body?: unknown) =>
      call(handler, {
        method,
        path: `/api/v1/members/${member.id}`,
        params: { id: member.id },
        body,
        headers: { ...sessionHeaders(cookie), ...ip },
      });
    expect((await memberCall(updateMemberRoute, "PATCH", { role: "marketer" })).status).toBe(200);
    expect((await memberCall(removeMemberRoute, "DELETE")).status).toBe(200);

    const log = await entries(key);
    const actions = new Set(log.data.map((e: { action: string }) => e.action));
    for (const action of [
      "template.created",
      "template.changed",
      "webhook.created",
      "webhook.changed",
      "webhook.deleted",
      "automation.created",
      "automation.paused",
      "api_key.created",
      "api_key.revoked",
      "contacts.imported",
      "broadcast.sent",
      "broadcast.cancelled",
      "contact.deleted",
      "domain.added",
      "domain.removed",
      "account.changed",
      "member.invited",
      "member.joined",
      "member.role_changed",
      "member.removed",
    ]) {
      expect(actions, action).toContain(action);
    }
    expect([...actions].some((a) => a === "domain.verified" || a === "domain.verification_failed")).toBe(true);

    const revoked = log.data.find((e: { action: string }) => e.action === "api_key.revoked");
    expect(revoked).toMatchObject({
      actor: { type: "api_key", id: world.keyId },
      target: { type: "api_key", id: ids.apiKey },
      ipAddress: "203.0.113.7",
    });
    const reRoled = log.data.find((e: { action: string }) => e.action === "member.role_changed");
    expect(reRoled).toMatchObject({
      actor: { type: "member", id: world.userId, label: world.email },
      target: { type: "member", id: member.id },
      summary: { before: { role: "viewer" }, after: { role: "marketer" } },
    });
    const changedTemplate = log.data.find((e: { action: string }) => e.action === "template.changed");
    expect(changedTemplate.summary).toMatchObject({ changed: ["subject"] });
    // A created key's value never reaches the log.
    expect(JSON.stringify(log.data)).not.toMatch(/mw_[A-Za-z0-9]{20,}/);

    // Filters: action (or its resource), actor, target; and cursor pages in seq order.
    const keys = await entries(key, "&action=api_key");
    expect(keys.data.map((e: { action: string }) => e.action).sort()).toEqual(["api_key.created", "api_key.revoked"]);
    expect(
      (await entries(key, `&actor=${encodeURIComponent(world.email)}`)).data.every(
        (e: { actor: { id: string } }) => e.actor.id === world.userId,
      ),
    ).toBe(true);
    expect((await entries(key, `&target=${ids.apiKey}`)).data.map((e: { action: string }) => e.action)).toContain("api_key.revoked");
    expect((await entries(key, "&from=2999-01-01T00:00:00Z")).data).toEqual([]);
    const page1 = await call(auditLogRoute, { path: "/api/v1/audit-log?limit=3", key });
    const page2 = await call(auditLogRoute, { path: `/api/v1/audit-log?limit=3&after=${page1.json.data[2].id}`, key });
    expect(page2.json.data[0].seq).toBe(page1.json.data[2].seq - 1);

    expect(await verifyAuditChain({ accountId: world.accountId })).toMatchObject({ problems: [] });
  });

  it(
    "keeps one unforked chain under concurrent appends, and the check names an edited, removed or re-hashed entry",
    async () => {
      const { accountId } = await makeAccount();
      const actor = { type: "system" as const, id: "test" };
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          appendAuditEntry({
            accountId,
            actor,
            action: "test.appended",
            target: { type: "test", id: String(i) },
            summary: { after: { i } },
          }),
        ),
      );
      const rows = await getDb().auditLogEntry.findMany({ where: { accountId }, orderBy: { seq: "asc" } });
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect(await verifyAuditChain({ accountId })).toMatchObject({ entries: 12, problems: [] });

      // An edited field.
      const edited = rows[5];
      await getDb().auditLogEntry.update({ where: { id: edited.id }, data: { summary: { after: { i: 99 } } } });
      let result = await verifyAuditChain({ accountId });
      expect(result.problems).toEqual([expect.objectContaining({ entryId: edited.id, seq: 6, reason: expect.stringMatching(/edited/) })]);

      // The CLI exits non-zero and names the entry.
      const cli = runCli(["audit:verify", "--account", accountId]);
      await expect(cli).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(edited.id) });

      // Re-hashing the edited row moves the break to the next entry; removing one leaves a gap.
      const { auditEntryHash } = await import("@/lib/audit-log/audit-hash");
      const reread = await getDb().auditLogEntry.findUniqueOrThrow({ where: { id: edited.id } });
      await getDb().auditLogEntry.update({ where: { id: edited.id }, data: { hash: auditEntryHash(reread.prevHash, reread) } });
      result = await verifyAuditChain({ accountId });
      expect(result.problems[0]).toMatchObject({ entryId: rows[6].id, reason: expect.stringMatching(/prevHash/) });
      await getDb().auditLogEntry.delete({ where: { id: rows[3].id } });
      result = await verifyAuditChain({ accountId });
      expect(result.problems[0]).toMatchObject({ entryId: rows[4].id, reason: expect.stringMatching(/missing/) });

      // A clean account passes through the CLI.
      const clean = await makeAccount();
      await appendAuditEntry({ accountId: clean.accountId, actor, action: "test.appended", target: { type: "test" } });
      const ok = await runCli(["audit:verify", "--account", clean.accountId]);
      expect(JSON.parse(ok.stdout)).toEqual({ accounts: 1, entries: 1, ok: true });
    },
    CLI_TEST_TIMEOUT,
  );

  it("purges entries past 365 days, and the oldest kept one anchors the chain", async () => {
    const { accountId } = await makeAccount();
    const actor = { type: "system" as const, id: "test" };
    for (let i = 0; i < 3; i++) await appendAuditEntry({ accountId, actor, action: "test.appended", target: { type: "test" } });
    const [first] = await getDb().auditLogEntry.findMany({ where: { accountId }, orderBy: { seq: "asc" }, take: 1 });
    // The first entry as if written 400 days ago.
    await getDb().auditLogEntry.update({ where: { id: first.id }, data: { createdAt: new Date(Date.now() - 400 * 86_400_000) } });
    const purged = await purgeExpiredRows();
    expect(purged.auditLogEntries).toBeGreaterThanOrEqual(1);
    const kept = await getDb().auditLogEntry.findMany({ where: { accountId }, orderBy: { seq: "asc" } });
    expect(kept.map((e) => e.seq)).toEqual([2, 3]);
    expect((await verifyAuditChain({ accountId })).problems).toEqual([]);
  });
});
