import { createPublicKey, sign, verify } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as LIST, POST as CREATE } from "@/app/api/v1/domains/route";
import { DELETE, GET } from "@/app/api/v1/domains/[id]/route";
import { POST as VERIFY } from "@/app/api/v1/domains/[id]/verify/route";
import { resetEnvCache } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { getSigningKey } from "@/lib/domains/get-signing-key";
import { recheckDueDomains } from "@/lib/domains/recheck-due-domains";
import type { DomainRecord } from "@/lib/domains/types";
import { domainsRecheckJob } from "@/lib/domains/recheck-domains-job";
import { runnableJob } from "@/lib/jobs/handlers";
import { call, makeAccount } from "../helpers/api";
import { deadDnsAddress, startDnsServer, startSilentDnsServer, type TestDnsServer } from "../helpers/dns-server";

// Verification runs real DNS queries against a real authoritative server on 127.0.0.1 that each
// test fills with the records it needs (names are random per test, so nothing collides).

const path = "/api/v1/domains";
const MX_HOST = "inbound.mailwright.local";
const SPF = "v=spf1 include:spf.mailwright.local ~all";
let dns: TestDnsServer;

function useDns(servers: string, timeoutMs = 1000) {
  process.env.DNS_SERVERS = servers;
  process.env.DNS_TIMEOUT_MS = String(timeoutMs);
  resetEnvCache();
}

beforeAll(async () => {
  dns = await startDnsServer();
});
afterEach(() => useDns(dns.address));
afterAll(async () => {
  delete process.env.DNS_SERVERS;
  delete process.env.DNS_TIMEOUT_MS;
  resetEnvCache();
  await dns.close();
});

const randomDomain = () => `${randomBase62(10).toLowerCase()}.example.test`;

async function createDomain(key: string, domain = randomDomain()) {
  const res = await call(CREATE, { method: "POST", path, key, body: { domain } });
  expect(res.status).toBe(201);
  return res.json as { id: string; domain: string; records: DomainRecord[] };
}

const record = (created: { records: DomainRecord[] }, purpose: DomainRecord["purpose"]) =>
  created.records.find((r) => r.purpose === purpose)!;

/** Publishes our records as a customer would, leaving out the ones named. */
function publish(created: { records: DomainRecord[] }, only: DomainRecord["purpose"][] = ["bounce MX", "SPF", "DKIM", "DMARC"]) {
  for (const purpose of only) {
    const r = record(created, purpose);
    if (r.type === "MX") dns.mx(r.name, { exchange: `${r.value}.`, priority: r.priority! });
    else dns.txt(r.name, r.value);
  }
}

const verifyDomain = (key: string, id: string) => call(VERIFY, { method: "POST", path: `${path}/${id}/verify`, key, params: { id } });
const problemCodes = (body: { lastCheck: { problems: { code: string }[] } }) => body.lastCheck.problems.map((p) => p.code).sort();

describe("domains API", () => {
  beforeAll(() => useDns(dns.address));

  it("creates a domain with its records, and never returns the private key", async () => {
    const { key, accountId } = await makeAccount();
    const domain = randomDomain();
    const res = await call(CREATE, { method: "POST", path, key, body: { domain } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ domain, status: "unverified", verifiedAt: null, lastCheck: null, lastCheckedAt: null });
    expect(res.json.id).toMatch(/^dom_/);
    expect(res.json.createdAt).toMatch(/Z$/);

    const dkim = record(res.json, "DKIM");
    const selector = dkim.name.split(".")[0];
    expect(selector).toMatch(/^mw[a-z]{10}$/);
    expect(res.json.records).toEqual([
      { type: "MX", name: `send.${domain}`, value: MX_HOST, priority: 10, purpose: "bounce MX", status: "pending", required: true },
      { type: "TXT", name: `send.${domain}`, value: SPF, purpose: "SPF", status: "pending", required: true },
      {
        type: "TXT",
        name: `${selector}._domainkey.${domain}`,
        value: expect.stringMatching(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{300,}={0,2}$/),
        purpose: "DKIM",
        status: "pending",
        required: false,
      },
      { type: "TXT", name: `_dmarc.${domain}`, value: "v=DMARC1; p=none;", purpose: "DMARC", status: "pending", required: false },
    ]);

    // Stored encrypted; no response (create, get, list) carries any form of the private key.
    const row = await getDb().domain.findUniqueOrThrow({ where: { id: res.json.id }, omit: { dkimPrivateKeyEnc: false } });
    expect(row.dkimPrivateKeyEnc).toMatch(/^v1\./);
    expect(row.dkimPrivateKeyEnc).not.toContain("PRIVATE KEY");
    const signing = await getSigningKey({ accountId, domain });
    const privateBody = signing!.privateKeyPem.split("\n")[1];
    const got = await call(GET, { path: `${path}/${res.json.id}`, key, params: { id: res.json.id } });
    const list = await call(LIST, { path, key });
    for (const body of [res.json, got.json, list.json]) {
      const text = JSON.stringify(body);
      expect(text).not.toMatch(/PRIVATE KEY|dkimPrivateKey/);
      expect(text).not.toContain(privateBody);
      expect(text).not.toContain(row.dkimPrivateKeyEnc.slice(3, 40));
    }
  });

  it.each([
    ["no dot", "localhost"],
    ["IPv4 literal", "192.168.1.10"],
    ["IPv6 literal", "2001:db8::1"],
    ["bracketed IPv6", "[::1]"],
    ["label over 63", `${"a".repeat(64)}.com`],
    ["name over 253", `${"abcdefghi.".repeat(26)}com`],
    ["underscore", "my_domain.com"],
    ["underscore label", "_dmarc.example.com"],
    ["empty label", "example..com"],
    ["two trailing dots", "example.com.."],
    ["leading hyphen", "-example.com"],
    ["trailing hyphen", "example-.com"],
    ["trailing space", "example.com "],
    ["slash", "example.com/"],
    ["scheme", "http://example.com"],
    ["port", "example.com:25"],
    ["bad punycode", "xn--zz.example"],
    ["empty", ""],
  ])("refuses a hostname with %s", async (_label, domain) => {
    const { key } = await makeAccount();
    const res = await call(CREATE, { method: "POST", path, key, body: { domain } });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.details[0].path).toBe("domain");
  });

  it("refuses a missing or non-string domain", async () => {
    const { key } = await makeAccount();
    for (const body of [{}, { domain: 42 }, { domain: null }]) {
      const res = await call(CREATE, { method: "POST", path, key, body });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
    }
  });

  it("normalises case, one trailing dot and internationalized names", async () => {
    const { key } = await makeAccount();
    const label = randomBase62(8).toLowerCase();
    const created = await call(CREATE, { method: "POST", path, key, body: { domain: `${label.toUpperCase()}.Example.COM.` } });
    expect(created.status).toBe(201);
    expect(created.json.domain).toBe(`${label}.example.com`);
    const idn = await call(CREATE, { method: "POST", path, key, body: { domain: `Bücher-${label}.example` } });
    expect(idn.status).toBe(201);
    expect(idn.json.domain).toMatch(/^xn--bcher-.*-\w+\.example$/);
  });

  it("answers 409 for a domain already in the account, in any spelling", async () => {
    const { key } = await makeAccount();
    const other = await makeAccount();
    const domain = randomDomain();
    await createDomain(key, domain);
    for (const spelling of [domain, `${domain.toUpperCase()}.`]) {
      const res = await call(CREATE, { method: "POST", path, key, body: { domain: spelling } });
      expect(res.status).toBe(409);
      expect(res.json.error.code).toBe("conflict");
    }
    // Another account may add the same name (each proves control with its own records).
    expect((await call(CREATE, { method: "POST", path, key: other.key, body: { domain } })).status).toBe(201);
  });

  it("lists domains newest first in the pagination envelope", async () => {
    const { key } = await makeAccount();
    const first = await createDomain(key);
    const second = await createDomain(key);
    const res = await call(LIST, { path: `${path}?limit=1`, key });
    expect(res.status).toBe(200);
    expect(res.json.pagination).toEqual({ limit: 1, offset: 0, total: 2, hasMore: true });
    expect(res.json.data[0]).toMatchObject({ id: second.id, status: "unverified", verifiedAt: null });
    expect(res.json.data[0].records).toHaveLength(4);
    const page2 = await call(LIST, { path: `${path}?limit=1&offset=1`, key });
    expect(page2.json.data[0].id).toBe(first.id);
    expect((await call(LIST, { path: `${path}?limit=0`, key })).status).toBe(400);
  });

  it("treats another account's domain as not found, and deletes only its own", async () => {
    const a = await makeAccount();
    const b = await makeAccount();
    const theirs = await createDomain(b.key);
    const params = { id: theirs.id };
    expect((await call(GET, { path: `${path}/${theirs.id}`, key: a.key, params })).status).toBe(404);
    expect((await verifyDomain(a.key, theirs.id)).status).toBe(404);
    const del = await call(DELETE, { method: "DELETE", path: `${path}/${theirs.id}`, key: a.key, params });
    expect(del.status).toBe(404);
    expect(del.json.error.code).toBe("not_found");
    expect(await getSigningKey({ accountId: a.accountId, domainId: theirs.id })).toBeNull();

    const ok = await call(DELETE, { method: "DELETE", path: `${path}/${theirs.id}`, key: b.key, params });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ id: theirs.id, deleted: true });
    expect((await call(GET, { path: `${path}/${theirs.id}`, key: b.key, params })).status).toBe(404);
    expect((await call(DELETE, { method: "DELETE", path: `${path}/${theirs.id}`, key: b.key, params })).status).toBe(404);
  });

  it("signs with the stored key so that the published DKIM key verifies it", async () => {
    const { key, accountId } = await makeAccount();
    const created = await createDomain(key);
    const signing = await getSigningKey({ accountId, domain: `${created.domain.toUpperCase()}.` });
    expect(signing).toMatchObject({ domain: created.domain, selector: record(created, "DKIM").name.split(".")[0] });
    expect(signing!.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);

    const data = Buffer.from("dkim-signature header hash input");
    const signature = sign("sha256", data, signing!.privateKeyPem);
    const p = /p=([^;]+)$/.exec(record(created, "DKIM").value)![1];
    const published = createPublicKey({ key: Buffer.from(p, "base64"), format: "der", type: "spki" });
    expect(verify("sha256", data, published, signature)).toBe(true);
    expect(await getSigningKey({ accountId, domain: "unknown.example" })).toBeNull();
  });
});

describe("domain verification over DNS", () => {
  beforeAll(() => useDns(dns.address));

  it("verifies with SPF and MX only, reporting DKIM and DMARC as missing", async () => {
    const { key } = await makeAccount();
    const created = await createDomain(key);
    publish(created, ["bounce MX", "SPF"]);
    const res = await verifyDomain(key, created.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: created.id,
      domain: created.domain,
      status: "verified",
      dns: { spf: true, mx: true, dkim: false, dmarc: false },
    });
    expect(res.json.verifiedAt).toMatch(/Z$/);
    expect(problemCodes(res.json)).toEqual(["dkim_missing", "dmarc_missing"]);
    expect(res.json.records.map((r: DomainRecord) => r.status)).toEqual(["verified", "verified", "failed", "warning"]);
    expect(res.json.lastCheck.records.spf).toMatchObject({ found: [SPF], expected: SPF, pass: true, lookups: 1 });

    const got = await call(GET, { path: `${path}/${created.id}`, key, params: { id: created.id } });
    expect(got.json).toMatchObject({ status: "verified", verifiedAt: res.json.verifiedAt, lastCheckedAt: res.json.lastCheckedAt });
    expect(got.json.lastCheck).toEqual(res.json.lastCheck);

    // The first verifiedAt stays; a later failing check keeps the domain verified but says why.
    await new Promise((r) => setTimeout(r, 5));
    dns.remove(record(created, "SPF").name);
    const later = await verifyDomain(key, created.id);
    expect(later.json).toMatchObject({ status: "verified", verifiedAt: res.json.verifiedAt, dns: { spf: false, mx: false } });
    expect(problemCodes(later.json)).toEqual(["dkim_missing", "dmarc_missing", "mx_missing", "spf_missing"]);
    expect(later.json.lastCheckedAt > res.json.lastCheckedAt).toBe(true);
  });

  it("passes every check when all four records are published", async () => {
    const { key } = await makeAccount();
    const created = await createDomain(key);
    publish(created);
    const res = await verifyDomain(key, created.id);
    expect(res.json).toMatchObject({ status: "verified", dns: { spf: true, mx: true, dkim: true, dmarc: true } });
    expect(res.json.lastCheck.problems).toEqual([expect.objectContaining({ code: "dmarc_policy_none", severity: "info" })]);
    expect(res.json.records.map((r: DomainRecord) => r.status)).toEqual(["verified", "verified", "verified", "verified"]);
  });

  it("stays unverified (200) without the MX record, or with it pointing elsewhere", async () => {
    const { key } = await makeAccount();
    const created = await createDomain(key);
    publish(created, ["SPF", "DKIM", "DMARC"]);
    const res = await verifyDomain(key, created.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "unverified", verifiedAt: null, dns: { spf: true, mx: false, dkim: true, dmarc: true } });
    expect(problemCodes(res.json)).toEqual(["dmarc_policy_none", "mx_missing"]);

    dns.mx(record(created, "bounce MX").name, { exchange: "mx.elsewhere.example", priority: 10 });
    const elsewhere = await verifyDomain(key, created.id);
    expect(elsewhere.json.status).toBe("unverified");
    const problem = elsewhere.json.lastCheck.problems.find((p: { code: string }) => p.code === "mx_points_elsewhere");
    expect(problem).toMatchObject({ severity: "error", record: "mx" });
    expect(elsewhere.json.lastCheck.records.mx.found).toEqual(["10 mx.elsewhere.example"]);
  });

  it("diagnoses a duplicate SPF record and a DKIM key that is not ours", async () => {
    const { key } = await makeAccount();
    const created = await createDomain(key);
    const impostor = await createDomain(key);
    publish(created, ["bounce MX", "DMARC"]);
    dns.txt(record(created, "SPF").name, SPF, "v=spf1 include:_spf.google.com ~all");
    dns.txt(record(created, "DKIM").name, record(impostor, "DKIM").value);
    const res = await verifyDomain(key, created.id);
    expect(res.json).toMatchObject({ status: "unverified", dns: { spf: false, mx: true, dkim: false, dmarc: true } });
    expect(problemCodes(res.json)).toEqual(["dkim_mismatch", "dmarc_policy_none", "spf_multiple_records"]);
    expect(res.json.lastCheck.records.spf.found).toHaveLength(2);
    expect(res.json.lastCheck.records.dkim.found).toEqual([record(impostor, "DKIM").value]);
  });

  it("counts SPF lookups through nested includes and fails past ten", async () => {
    const { key } = await makeAccount();
    const created = await createDomain(key);
    const zone = created.domain;
    publish(created, ["bounce MX"]);
    dns.txt(record(created, "SPF").name, `v=spf1 include:spf.mailwright.local include:a.${zone} include:b.${zone} mx ~all`);
    dns.txt(`a.${zone}`, `v=spf1 a mx ptr include:c.${zone} -all`);
    dns.txt(`b.${zone}`, `v=spf1 redirect=c.${zone}`);
    dns.txt(`c.${zone}`, "v=spf1 a:x.example a:y.example -all");
    const res = await verifyDomain(key, created.id);
    expect(res.json.status).toBe("unverified");
    expect(res.json.dns.spf).toBe(false);
    // 4 at the top, 4 in a, 2 in c (via a), the redirect in b, 2 in c again (via b): a
    // receiver evaluates c twice, so both count; DNS was still asked about c only once.
    expect(res.json.lastCheck.records.spf.lookups).toBe(13);
    expect(res.json.lastCheck.problems.find((p: { code: string }) => p.code === "spf_too_many_lookups").message).toMatch(
      /receivers stop at 10/,
    );
    expect(dns.queries(`c.${zone}`)).toBe(1);
  });

  it("reports SERVFAIL and REFUSED as failed checks, not errors", async () => {
    const { key } = await makeAccount();
    const created = await createDomain(key);
    publish(created, ["DKIM"]);
    dns.fail(record(created, "SPF").name, "SERVFAIL");
    dns.fail(record(created, "DMARC").name, "REFUSED");
    const res = await verifyDomain(key, created.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "unverified", dns: { spf: false, mx: false, dkim: true, dmarc: false } });
    const errors = res.json.lastCheck.problems.filter((p: { code: string }) => p.code === "dns_error");
    expect(errors.map((p: { record: string }) => p.record).sort()).toEqual(["dmarc", "mx", "spf"]);
    expect(res.json.lastCheck.records.spf.dnsError).toBe("ESERVFAIL");
    expect(res.json.lastCheck.records.dmarc.dnsError).toBe("EREFUSED");
  });

  it("reports a dead DNS server as a failed check, not a 500", async () => {
    const { key } = await makeAccount();
    const created = await createDomain(key);
    useDns(await deadDnsAddress(), 200);
    const res = await verifyDomain(key, created.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "unverified", dns: { spf: false, mx: false, dkim: false, dmarc: false } });
    expect(res.json.lastCheck.problems).toHaveLength(4);
    for (const problem of res.json.lastCheck.problems) {
      expect(problem).toMatchObject({ code: "dns_error", severity: "error" });
      expect(problem.message).toMatch(/DNS/);
    }
  });

  it("reports a DNS server that never answers as timed out, after two tries of each query", async () => {
    const { key } = await makeAccount();
    const created = await createDomain(key);
    const silent = await startSilentDnsServer();
    try {
      useDns(silent.address, 200);
      const res = await verifyDomain(key, created.id);
      expect(res.status).toBe(200);
      expect(res.json.status).toBe("unverified");
      expect(res.json.lastCheck.records.mx.dnsError).toBe("ETIMEOUT");
      expect(res.json.lastCheck.problems[0].message).toMatch(/timed out \(no answer within 200 ms, 2 tries\)/);
      // The check is bounded by its work: every question asked twice, then given up on.
      const tries = new Map<string, number>();
      for (const query of silent.queries) tries.set(query, (tries.get(query) ?? 0) + 1);
      expect(tries.size).toBeGreaterThanOrEqual(4);
      expect([...new Set(tries.values())]).toEqual([2]);
    } finally {
      await silent.close();
    }
  });
});

describe("scheduled re-checks", () => {
  beforeAll(() => useDns(dns.address));

  it("verifies a domain once its records appear, backing off between checks", async () => {
    const { key, accountId } = await makeAccount();
    const created = await createDomain(key);
    const row = await getDb().domain.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.nextCheckAt!.getTime() - row.createdAt.getTime()).toBe(5 * 60_000);

    // Not due yet: nothing is checked.
    expect(await recheckDueDomains({ accountId, now: new Date(row.createdAt.getTime() + 60_000) })).toMatchObject({ checked: 0 });

    // Due, records still missing: checked, stays unverified, next check 5 minutes later.
    const t1 = new Date(row.createdAt.getTime() + 6 * 60_000);
    expect(await recheckDueDomains({ accountId, now: t1 })).toEqual({ checked: 1, newlyVerified: 0, errors: 0 });
    let after = await getDb().domain.findUniqueOrThrow({ where: { id: created.id } });
    expect(after).toMatchObject({ status: "unverified", lastCheckedAt: t1 });
    expect(after.nextCheckAt!.getTime() - t1.getTime()).toBe(5 * 60_000);

    // After the first hour the back-off is hourly.
    const t2 = new Date(row.createdAt.getTime() + 90 * 60_000);
    await recheckDueDomains({ accountId, now: t2 });
    after = await getDb().domain.findUniqueOrThrow({ where: { id: created.id } });
    expect(after.nextCheckAt!.getTime() - t2.getTime()).toBe(60 * 60_000);

    // The records appear; the next due check verifies, and verified domains are checked daily.
    publish(created, ["bounce MX", "SPF"]);
    const t3 = new Date(after.nextCheckAt!.getTime() + 1000);
    expect(await recheckDueDomains({ accountId, now: t3 })).toEqual({ checked: 1, newlyVerified: 1, errors: 0 });
    after = await getDb().domain.findUniqueOrThrow({ where: { id: created.id } });
    expect(after).toMatchObject({ status: "verified", verifiedAt: t3 });
    expect(after.nextCheckAt!.getTime() - t3.getTime()).toBe(24 * 60 * 60_000);

    // A daily check that fails keeps it verified with the problems in the diagnosis.
    dns.remove(record(created, "bounce MX").name);
    const t4 = new Date(after.nextCheckAt!.getTime() + 1000);
    await recheckDueDomains({ accountId, now: t4 });
    const got = await call(GET, { path: `${path}/${created.id}`, key, params: { id: created.id } });
    expect(got.json).toMatchObject({ status: "verified", verifiedAt: t3.toISOString(), lastCheckedAt: t4.toISOString() });
    expect(got.json.lastCheck.dns.mx).toBe(false);
    expect(problemCodes(got.json)).toContain("mx_missing");
  });

  it("fills the account's empty default sender with hello@ the first domain verified, by verify or by re-check", async () => {
    const defaultFrom = async (accountId: string) =>
      (await getDb().account.findUniqueOrThrow({ where: { id: accountId }, select: { defaultFrom: true } })).defaultFrom;

    // POST verify: an unverified check leaves it empty; the first verified domain fills it.
    const { key, accountId } = await makeAccount();
    const first = await createDomain(key);
    expect((await verifyDomain(key, first.id)).json.status).toBe("unverified");
    expect(await defaultFrom(accountId)).toBeNull();
    publish(first, ["bounce MX", "SPF"]);
    expect((await verifyDomain(key, first.id)).json.status).toBe("verified");
    expect(await defaultFrom(accountId)).toBe(`hello@${first.domain}`);
    // A second verified domain does not replace it.
    const second = await createDomain(key);
    publish(second, ["bounce MX", "SPF"]);
    expect((await verifyDomain(key, second.id)).json.status).toBe("verified");
    expect(await defaultFrom(accountId)).toBe(`hello@${first.domain}`);

    // A default the user set is kept.
    const chosen = await makeAccount();
    await getDb().account.update({ where: { id: chosen.accountId }, data: { defaultFrom: "Team <team@elsewhere.example>" } });
    const theirs = await createDomain(chosen.key);
    publish(theirs, ["bounce MX", "SPF"]);
    expect((await verifyDomain(chosen.key, theirs.id)).json.status).toBe("verified");
    expect(await defaultFrom(chosen.accountId)).toBe("Team <team@elsewhere.example>");

    // The background re-check fills it too.
    const later = await makeAccount();
    const domain = await createDomain(later.key);
    publish(domain, ["bounce MX", "SPF"]);
    const row = await getDb().domain.findUniqueOrThrow({ where: { id: domain.id } });
    expect(await recheckDueDomains({ accountId: later.accountId, now: new Date(row.nextCheckAt!.getTime() + 1000) })).toMatchObject({
      newlyVerified: 1,
    });
    expect(await defaultFrom(later.accountId)).toBe(`hello@${domain.domain}`);
  });

  it("is registered as the scheduled job domains.recheck", () => {
    // runnableJob throws for a definition missing from the registry.
    const job = runnableJob(domainsRecheckJob);
    expect(job.id).toBe("domains.recheck");
    expect(job.schedule).toEqual({ everySeconds: 60 });
  });
});
