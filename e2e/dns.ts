import { expect, type APIRequestContext } from "@playwright/test";
import { startDnsServer, type TestDnsServer } from "../tests/helpers/dns-server";

// The app under test resolves through DNS_SERVERS=127.0.0.1:<E2E_DNS_PORT> (playwright.config.ts);
// specs publish records on this real DNS server and the app verifies against it.
export const E2E_DNS_PORT = Number(process.env.E2E_DNS_PORT ?? 5391);

export function startE2eDnsServer(): Promise<TestDnsServer> {
  return startDnsServer({ port: E2E_DNS_PORT });
}

export interface DnsRecord {
  type: string;
  name: string;
  value: string;
  priority?: number;
}

export function publishRecords(dns: TestDnsServer, records: DnsRecord[]) {
  for (const record of records) {
    if (record.type === "MX") dns.mx(record.name, { exchange: record.value, priority: record.priority ?? 10 });
    else dns.txt(record.name, record.value);
  }
}

/**
 * A verified domain the real way: create it through the API, publish its records on the test
 * DNS server, verify. `request` must be signed in (page.request after signIn); mutations from
 * a session need the dashboard's Origin.
 */
export async function createVerifiedDomain(request: APIRequestContext, dns: TestDnsServer, baseURL: string, name?: string) {
  const domainName = name ?? `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.example`;
  const headers = { origin: baseURL };
  const created = await request.post("/api/v1/domains", { data: { domain: domainName }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const domain = (await created.json()) as { id: string; records: DnsRecord[] };
  publishRecords(dns, domain.records);
  const verified = await request.post(`/api/v1/domains/${domain.id}/verify`, { headers });
  expect((await verified.json()).status).toBe("verified");
  return { id: domain.id, domain: domainName };
}
