import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { POST as CREATE } from "@/app/api/v1/domains/route";
import { GET } from "@/app/api/v1/domains/[id]/route";
import { POST as VERIFY } from "@/app/api/v1/domains/[id]/verify/route";
import { POST as SEND } from "@/app/api/v1/emails/route";
import { GET as GET_EMAIL } from "@/app/api/v1/emails/[id]/route";
import { resetEnvCache } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { recheckDueDomains } from "@/lib/domains/recheck-due-domains";
import type { DomainRecord } from "@/lib/domains/types";
import { deliverEmail } from "@/lib/emails/deliver-email";
import { startSmtpRelay, type SmtpRelay } from "@/lib/relay/relay-server";
import { call, makeAccount } from "../helpers/api";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server";

// Ownership of a sending domain (one account holds a name verified at a time): the SPF and MX records are the same
// for every account, so against another account only this account's own DKIM record proves
// control. Real DNS queries go to a real authoritative server on loopback.

const path = "/api/v1/domains";
let dns: TestDnsServer;
let relay: SmtpRelay;

beforeAll(async () => {
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  process.env.DNS_TIMEOUT_MS = "1000";
  resetEnvCache();
  relay = await startSmtpRelay({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await relay.close();
  delete process.env.DNS_SERVERS;
  delete process.env.DNS_TIMEOUT_MS;
  resetEnvCache();
  await dns.close();
});

type Created = { id: string; domain: string; records: DomainRecord[] };
type Problem = { code: string; severity: string; record: string; message: string };

const randomDomain = () => `${randomBase62(10).toLowerCase()}.example.test`;
const record = (created: { records: DomainRecord[] }, purpose: DomainRecord["purpose"]) =>
  created.records.find((r) => r.purpose === purpose)!;

async function addDomain(key: string, domain: string): Promise<Created> {
  const res = await call(CREATE, { method: "POST", path, key, body: { domain } });
  expect(res.status).toBe(201);
  return res.json;
}

/** Publishes a copy's records at the DNS host, as its customer would. */
function publish(created: Created, only: DomainRecord["purpose"][]) {
  for (const purpose of only) {
    const r = record(created, purpose);
    if (r.type === "MX") dns.mx(r.name, { exchange: `${r.value}.`, priority: r.priority! });
    else dns.txt(r.name, r.value);
  }
}

const verify = (key: string, id: string) => call(VERIFY, { method: "POST", path: `${path}/${id}/verify`, key, params: { id } });
const getDomain = (key: string, id: string) => call(GET, { path: `${path}/${id}`, key, params: { id } });
const send = (key: string, from: string) =>
  call(SEND, { method: "POST", path: "/api/v1/emails", key, body: { from, to: "someone@inbox.example", subject: "hi", text: "hi" } });
const codes = (body: { lastCheck: { problems: Problem[] } }) => body.lastCheck.problems.map((p) => p.code);
const holders = (domain: string) => getDb().domain.findMany({ where: { domain, status: "verified" }, select: { accountId: true } });
const balance = async (accountId: string) => (await getDb().account.findUniqueOrThrow({ where: { id: accountId } })).creditBalance;

function relaySend(key: string, from: string) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: relay.port,
    secure: false,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
    auth: { user: "mailwright", pass: key },
  });
  return transport
    .sendMail({ from, to: "someone@inbox.example", subject: "relay", text: "relay" })
    .then(
      (info) => ({ ok: true as const, response: info.response }),
      (e: { responseCode?: number; response?: string }) => ({ ok: false as const, ...e }),
    )
    .finally(() => transport.close());
}

describe("domain ownership", () => {
  it("keeps a held domain from a second account until its own DKIM record moves it there", async () => {
    const a = await makeAccount();
    const b = await makeAccount();
    const name = randomDomain();
    const ours = await addDomain(a.key, name);
    publish(ours, ["bounce MX", "SPF"]);
    expect((await verify(a.key, ours.id)).json).toMatchObject({ status: "verified" });

    // B adds the same name (allowed) and verifies with the shared SPF and MX records only.
    const theirs = await addDomain(b.key, name);
    const claimed = await verify(b.key, theirs.id);
    expect(claimed.status).toBe(200);
    expect(claimed.json).toMatchObject({
      id: theirs.id,
      domain: name,
      status: "unverified",
      verifiedAt: null,
      dns: { spf: true, mx: true, dkim: false },
    });
    expect(claimed.json.lastCheck.verified).toBe(false);
    const problem = claimed.json.lastCheck.problems[0];
    expect(problem).toMatchObject({ code: "domain_claimed", severity: "error", record: "dkim" });
    expect(problem.message).toContain(record(theirs, "DKIM").name);
    // The DKIM record is what B needs now: its record says so.
    expect(claimed.json.records.find((r: DomainRecord) => r.purpose === "DKIM")).toMatchObject({ required: true, status: "failed" });
    const got = await getDomain(b.key, theirs.id);
    expect(got.json).toMatchObject({ status: "unverified", verifiedAt: null });
    expect(got.json.lastCheck).toEqual(claimed.json.lastCheck);

    // B cannot send as the name; A still can.
    const refused = await send(b.key, `ceo@${name}`);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("domain_not_verified");
    const relayRefused = await relaySend(b.key, `ceo@${name}`);
    expect(relayRefused).toMatchObject({ ok: false, responseCode: 550 });
    const before = await balance(a.accountId);
    const queued = await send(a.key, `hello@${name}`);
    expect(queued.status).toBe(201);
    expect(await holders(name)).toEqual([{ accountId: a.accountId }]);

    // B publishes its own DKIM record: that proves control, and the name moves to B.
    publish(theirs, ["DKIM"]);
    const moved = await verify(b.key, theirs.id);
    expect(moved.json).toMatchObject({ status: "verified", dns: { spf: true, mx: true, dkim: true } });
    expect(moved.json.verifiedAt).toMatch(/Z$/);
    expect(codes(moved.json)).not.toContain("domain_claimed");
    expect(await holders(name)).toEqual([{ accountId: b.accountId }]);

    const lost = await getDomain(a.key, ours.id);
    expect(lost.json).toMatchObject({ status: "unverified", verifiedAt: null });
    expect(lost.json.lastCheck.verified).toBe(false);
    expect(lost.json.lastCheck.problems[0]).toMatchObject({ code: "domain_claimed_elsewhere", severity: "error", record: "dkim" });

    // A's sends from the name are refused now, over the API and the SMTP relay.
    const after = await send(a.key, `hello@${name}`);
    expect(after.status).toBe(403);
    expect(after.json.error.code).toBe("domain_not_verified");
    const relayAfter = await relaySend(a.key, `hello@${name}`);
    expect(relayAfter).toMatchObject({ ok: false, responseCode: 550 });
    expect(relayAfter.ok ? "" : relayAfter.response).toMatch(new RegExp(`${name.replace(/\./g, "\\.")} is not a verified domain`));
    expect((await send(b.key, `ceo@${name}`)).status).toBe(201);

    // A's email accepted before the move is failed unsent, with the reason, and refunded.
    expect(await balance(a.accountId)).toBe(before - 1);
    await deliverEmail(queued.json.id);
    const email = await call(GET_EMAIL, { path: "/", key: a.key, params: { id: queued.json.id } });
    expect(email.json.status).toBe("failed");
    expect(email.json.recipients).toEqual([expect.objectContaining({ email: "someone@inbox.example", status: "failed" })]);
    const failed = email.json.events.find((e: { type: string }) => e.type === "email.failed");
    expect(failed.data.reason).toMatch(new RegExp(`${name.replace(/\./g, "\\.")} is no longer a verified domain`));
    expect(email.json.events.map((e: { type: string }) => e.type)).not.toContain("email.sent");
    expect(await getDb().inboxMessage.count({ where: { emailId: queued.json.id } })).toBe(0);
    expect(await balance(a.accountId)).toBe(before);
  });

  it("lets exactly one of two accounts verifying a free name at once hold it", async () => {
    for (let round = 0; round < 3; round++) {
      const a = await makeAccount();
      const b = await makeAccount();
      const name = randomDomain();
      const copies = [await addDomain(a.key, name), await addDomain(b.key, name)];
      publish(copies[0], ["bounce MX", "SPF"]);
      const [ra, rb] = await Promise.all([verify(a.key, copies[0].id), verify(b.key, copies[1].id)]);
      expect([ra.status, rb.status]).toEqual([200, 200]);
      const statuses = [ra.json.status, rb.json.status].sort();
      expect(statuses).toEqual(["unverified", "verified"]);
      const loser = ra.json.status === "unverified" ? ra.json : rb.json;
      expect(codes(loser)).toContain("domain_claimed");
      expect(await holders(name)).toHaveLength(1);
    }
  });

  it("has the database refuse a second verified copy of a name, whatever the code does", async () => {
    const a = await makeAccount();
    const b = await makeAccount();
    const name = randomDomain();
    const copies = [await addDomain(a.key, name), await addDomain(b.key, name)];
    await getDb().domain.update({ where: { id: copies[0].id }, data: { status: "verified", verifiedAt: new Date() } });
    await expect(
      getDb().domain.update({ where: { id: copies[1].id }, data: { status: "verified", verifiedAt: new Date() } }),
    ).rejects.toMatchObject({
      code: "P2002",
    });
    expect(await holders(name)).toEqual([{ accountId: a.accountId }]);
  });

  it("lets exactly one hold a name when the scheduled re-check finds two copies due at once", async () => {
    const a = await makeAccount();
    const b = await makeAccount();
    const name = randomDomain();
    const copies = [await addDomain(a.key, name), await addDomain(b.key, name)];
    publish(copies[0], ["bounce MX", "SPF"]);
    const due = new Date(Date.now() + 6 * 60_000);
    const [sa, sb] = await Promise.all([
      recheckDueDomains({ accountId: a.accountId, now: due }),
      recheckDueDomains({ accountId: b.accountId, now: due }),
    ]);
    expect(sa.checked + sb.checked).toBe(2);
    expect(sa.newlyVerified + sb.newlyVerified).toBe(1);
    expect(await holders(name)).toHaveLength(1);
  });

  it("applies the same rules in the scheduled re-check, and never takes a name back and forth", async () => {
    const a = await makeAccount();
    const b = await makeAccount();
    const name = randomDomain();
    const ours = await addDomain(a.key, name);
    publish(ours, ["bounce MX", "SPF", "DKIM"]);
    expect((await verify(a.key, ours.id)).json.status).toBe("verified");

    // B's copy comes due with only the shared records: claimed.
    const theirs = await addDomain(b.key, name);
    let at = new Date(Date.now() + 6 * 60_000);
    expect(await recheckDueDomains({ accountId: b.accountId, now: at })).toMatchObject({ checked: 1, newlyVerified: 0 });
    let row = (await getDomain(b.key, theirs.id)).json;
    expect(row.status).toBe("unverified");
    expect(codes(row)).toContain("domain_claimed");

    // Both DKIM records published: both prove control, and the re-check leaves the name with A.
    publish(theirs, ["DKIM"]);
    at = new Date(at.getTime() + 2 * 60 * 60_000);
    expect(await recheckDueDomains({ accountId: b.accountId, now: at })).toMatchObject({ checked: 1, newlyVerified: 0 });
    row = (await getDomain(b.key, theirs.id)).json;
    expect(row.status).toBe("unverified");
    expect(codes(row)).toContain("domain_claimed");
    expect(await holders(name)).toEqual([{ accountId: a.accountId }]);

    // A's DKIM record removed: only B proves control, and B's next re-check moves the name.
    dns.remove(record(ours, "DKIM").name);
    at = new Date(at.getTime() + 2 * 60 * 60_000);
    expect(await recheckDueDomains({ accountId: b.accountId, now: at })).toMatchObject({ checked: 1, newlyVerified: 1 });
    expect(await holders(name)).toEqual([{ accountId: b.accountId }]);
    const lost = (await getDomain(a.key, ours.id)).json;
    expect(lost).toMatchObject({ status: "unverified", verifiedAt: null });
    expect(codes(lost)[0]).toBe("domain_claimed_elsewhere");
    // Both changes the scheduled check made are in each account's audit log, by the system.
    const audited = (accountId: string) =>
      getDb().auditLogEntry.findMany({
        where: { accountId, targetType: "domain" },
        orderBy: { seq: "asc" },
        select: { action: true, actorType: true },
      });
    expect(await audited(b.accountId)).toContainEqual({ action: "domain.verified", actorType: "system" });
    expect(await audited(a.accountId)).toContainEqual({ action: "domain.lost", actorType: "system" });

    // A's own re-check keeps it unverified and still says why.
    const aRow = await getDb().domain.findUniqueOrThrow({ where: { id: ours.id } });
    await recheckDueDomains({ accountId: a.accountId, now: new Date(aRow.nextCheckAt!.getTime() + 1000) });
    const still = (await getDomain(a.key, ours.id)).json;
    expect(still.status).toBe("unverified");
    expect(codes(still)[0]).toBe("domain_claimed_elsewhere");
    expect(await holders(name)).toEqual([{ accountId: b.accountId }]);
  });

  it("does not let a parent domain's holder block another account's sub-domain, nor the reverse", async () => {
    const a = await makeAccount();
    const b = await makeAccount();
    const parent = randomDomain();
    const held = await addDomain(a.key, parent);
    publish(held, ["bounce MX", "SPF"]);
    expect((await verify(a.key, held.id)).json.status).toBe("verified");

    // The sub-domain's records live under its own names: publishing them is DNS control of it.
    const sub = await addDomain(b.key, `mail.${parent}`);
    publish(sub, ["bounce MX", "SPF"]);
    expect((await verify(b.key, sub.id)).json.status).toBe("verified");
    // Holding the sub-domain is not holding the parent.
    expect((await send(b.key, `ceo@${parent}`)).status).toBe(403);
    expect((await send(b.key, `news@mail.${parent}`)).status).toBe(201);
    expect((await send(a.key, `hello@${parent}`)).status).toBe(201);
  });
});
