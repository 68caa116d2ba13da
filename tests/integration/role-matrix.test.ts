import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/db/ids";
import { resetEnvCache } from "@/lib/config/env";
import { forgetRateLimiters } from "@/lib/api/rate-limit";
import { operations } from "@/lib/openapi/all-operations";
import type { Operation } from "@/lib/api/define-operation";
import { ROLES, type Role } from "@/lib/members/roles";
import { call, makeAccount } from "../helpers/api";
import { fillPattern, findRoutes, loadRoute, type RouteHandler } from "../helpers/routes";
import { sessionCookie, sessionHeaders } from "../helpers/session";

// Every /api/v1 operation, called with a dashboard session of every role: the role's answer is
// 403 forbidden (the documented error body) exactly where the README's role table says no.
// The expectation below is written from that table, apart from lib/members/role-permissions.ts,
// so a change to either without the other fails here. Requests carry made-up ids and no body,
// so an allowed one stops at its own 400 or 404 and changes nothing.

// Many calls from one user: the per-user rate limit is lifted for this file.
process.env.RATE_LIMIT_PER_SECOND = "100000";
process.env.RATE_LIMIT_BURST = "100000";
resetEnvCache();
forgetRateLimiters();

const READ_LIKE_POSTS = new Set(["previewTemplate", "openInboxMessage"]);
const EVERY_MEMBER = new Set(["changePassword", "switchAccount", "listMyAccounts"]);

/** The README's role table. */
function expectedAllowed(role: Role, op: Operation): boolean {
  const read = op.method === "GET" || READ_LIKE_POSTS.has(op.id);
  if (EVERY_MEMBER.has(op.id) || op.tag === "Meta") return true;
  if (role === "owner" || role === "admin") return true;
  if (op.tag === "Audit log" || op.id === "listInvitations") return false;
  const keysDomainsWebhooks = op.tag === "API keys" || op.tag === "Domains" || op.tag === "Webhooks" || op.id === "getSmtpSettings";
  if (role === "viewer") return read;
  if (role === "developer") {
    if (keysDomainsWebhooks || op.tag === "Templates" || op.tag === "Emails" || op.tag === "Logs" || op.tag === "Events") return true;
    if (op.tag === "Broadcasts") return false;
    if (op.id === "deleteSuppression" || op.id === "deleteSuppressionById") return true;
    return read;
  }
  // marketer
  if (keysDomainsWebhooks || op.tag === "Logs") return false;
  if (["Contacts", "Lists", "Audience", "Templates", "Automations", "Broadcasts", "Events"].includes(op.tag)) return true;
  if (op.id === "deleteSuppression" || op.id === "deleteSuppressionById") return true;
  return read;
}

const ROUTES = findRoutes(["app/api/v1"]);
const HANDLERS = new Map<string, { handler: RouteHandler; pattern: string }>();
for (const route of ROUTES) {
  const handlers = await loadRoute(route);
  for (const handler of Object.values(handlers)) {
    if (handler.operation) HANDLERS.set(handler.operation.id, { handler, pattern: route.pattern });
  }
}

const cookies = new Map<Role, string>();

beforeAll(async () => {
  const owner = await makeAccount();
  cookies.set("owner", await sessionCookie(owner.userId));
  const db = getDb();
  for (const role of ROLES.filter((r) => r !== "owner")) {
    const user = await db.user.create({
      data: {
        id: newId("usr"),
        accountId: owner.accountId,
        email: `${role}-${randomBase62(8).toLowerCase()}@example.test`,
        passwordHash: "x",
      },
    });
    await db.membership.create({ data: { id: newId("mem"), accountId: owner.accountId, userId: user.id, role } });
    cookies.set(role, await sessionCookie(user.id));
  }
});

describe("every operation with every role", () => {
  it("serves every operation from a route file", () => {
    const missing = operations.filter((op) => !HANDLERS.has(op.id)).map((op) => op.id);
    expect(missing).toEqual([]);
  });

  for (const role of ROLES) {
    // Every operation, one request each: minutes on a loaded machine, not the default 60 s.
    it(`answers the ${role} as the role table says`, { timeout: 300_000 }, async () => {
      const wrong: string[] = [];
      for (const op of operations) {
        if (op.public) continue;
        const { handler, pattern } = HANDLERS.get(op.id)!;
        const params = Object.fromEntries([...pattern.matchAll(/\[(\w+)\]/g)].map((m) => [m[1], `zz_${randomBase62(24)}`]));
        const res = await call(handler, {
          method: op.method,
          path: fillPattern(pattern, params),
          params,
          headers: sessionHeaders(cookies.get(role)!),
        });
        const refusedForRole = res.status === 403 && res.json?.error?.code === "forbidden" && /role may not/.test(res.json.error.message);
        const allowed = expectedAllowed(role, op);
        if (allowed === refusedForRole)
          wrong.push(`${op.method} ${op.path} (${op.id}): ${res.status} ${JSON.stringify(res.json?.error ?? {})}`);
        if (!allowed) expect(res.json).toMatchObject({ error: { code: "forbidden", message: expect.any(String) } });
      }
      expect(wrong).toEqual([]);
    });
  }
});
