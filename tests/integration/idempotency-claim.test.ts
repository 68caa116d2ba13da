import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { requestFingerprint, withIdempotency } from "@/lib/api/idempotency";
import { resetEnvCache } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { acceptEmails } from "@/lib/emails/accept-emails";
import { sendEmailBodySchema } from "@/lib/emails/schemas";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";

// An idempotent request that runs longer than the claim window keeps its key;
// a retry meanwhile is a 409, never a second send.

beforeAll(() => {
  process.env.IDEMPOTENCY_CLAIM_SECONDS = "1";
  resetEnvCache();
});

afterAll(() => {
  delete process.env.IDEMPOTENCY_CLAIM_SECONDS;
  resetEnvCache();
});

describe("Idempotency-Key claim renewal", () => {
  it("keeps the key of a request that runs past the claim window; a retry gets 409, then the first response", async () => {
    const { accountId, key } = await makeAccount();
    const { domain } = await makeVerifiedDomain(accountId);
    const body = { from: `hi@${domain}`, to: "a@x.example", subject: "once", text: "only once" };
    const idempotencyKey = "slow-request-1";
    const headers = { "idempotency-key": idempotencyKey };

    // The first request: the same claim and accept as POST /emails, but it takes 2.5 claim windows.
    const first = withIdempotency(
      { accountId, key: idempotencyKey, requestHash: requestFingerprint("POST", "/emails", sendEmailBodySchema.parse(body)) },
      async (save) => {
        await sleep(2500);
        const ids = await acceptEmails({ accountId, emails: [sendEmailBodySchema.parse(body)], source: { kind: "api", save } });
        return { status: 201, body: { id: ids[0] } };
      },
    );

    await sleep(1600);
    const retry = await call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body, headers });
    expect(retry.status).toBe(409);
    expect(retry.json.error.message).toMatch(/still in progress/);

    const done = await first;
    expect(done).toMatchObject({ status: 201, replayed: false });
    const emails = await getDb().email.findMany({ where: { accountId }, select: { id: true } });
    expect(emails).toEqual([{ id: (done.body as { id: string }).id }]);

    const later = await call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body, headers });
    expect(later.status).toBe(201);
    expect(later.json).toEqual(done.body);
    expect(await getDb().email.count({ where: { accountId } })).toBe(1);
  });

  it("lets a retry take the key of a request that died (no renewal)", async () => {
    const { accountId, key } = await makeAccount();
    const { domain } = await makeVerifiedDomain(accountId);
    const body = { from: `hi@${domain}`, to: "a@x.example", subject: "retry", text: "x" };
    const headers = { "idempotency-key": "died-1" };
    // A claim left behind by a crashed process: never renewed, its window long past.
    await getDb().idempotencyKey.create({
      data: {
        id: "idk_died1",
        accountId,
        key: "died-1",
        requestHash: requestFingerprint("POST", "/emails", sendEmailBodySchema.parse(body)),
        expiresAt: new Date(Date.now() + 86_400_000),
        claimedUntil: new Date(Date.now() - 5000),
      },
    });
    const res = await call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body, headers });
    expect(res.status).toBe(201);
    expect(await getDb().email.count({ where: { accountId } })).toBe(1);
  });
});
