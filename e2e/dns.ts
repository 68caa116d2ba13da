import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type APIRequestContext } from "@playwright/test";
import { startDnsServer } from "../tests/helpers/dns-server";

// The app under test resolves through DNS_SERVERS=127.0.0.1:<E2E_DNS_PORT> (playwright.config.ts);
// specs publish records on this real DNS server and the app verifies against it. There is one
// server for the run (the port is the app's one setting), started by the runner
// (e2e/global-setup.ts); the workers publish on it over HTTP. Every spec publishes under names
// of its own, so workers running at once never touch each other's records.
export const E2E_DNS_PORT = Number(process.env.E2E_DNS_PORT ?? 5391);
const CONTROL = "MW_E2E_DNS_CONTROL";

/** What a spec can do with the run's DNS server. */
export interface E2eDns {
  publish(records: DnsRecord[]): Promise<void>;
}

/** Starts the run's DNS server and the HTTP endpoint the workers publish through; returns its stop. */
export async function startE2eDnsServer(): Promise<() => Promise<void>> {
  const dns = await startDnsServer({ port: E2E_DNS_PORT });
  const control = createServer((req, res) => {
    const body: Buffer[] = [];
    req.on("data", (chunk: Buffer) => body.push(chunk));
    req.on("end", () => {
      for (const record of JSON.parse(Buffer.concat(body).toString("utf8")) as DnsRecord[]) {
        if (record.type === "MX") dns.mx(record.name, { exchange: record.value, priority: record.priority ?? 10 });
        else dns.txt(record.name, record.value);
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  // Workers start after the global setup and inherit its environment.
  process.env[CONTROL] = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  return async () => {
    control.closeAllConnections();
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await dns.close();
  };
}

/** A worker's handle on the run's DNS server. */
export function e2eDns(): E2eDns {
  const url = process.env[CONTROL];
  if (!url) throw new Error("the e2e DNS server is not running (e2e/global-setup.ts starts it)");
  return {
    async publish(records) {
      const res = await fetch(url, { method: "POST", body: JSON.stringify(records) });
      if (res.status !== 204) throw new Error(`publishing DNS records failed: ${res.status}`);
    },
  };
}

export interface DnsRecord {
  type: string;
  name: string;
  value: string;
  priority?: number;
}

export function publishRecords(dns: E2eDns, records: DnsRecord[]): Promise<void> {
  return dns.publish(records);
}

/**
 * A verified domain the real way: create it through the API, publish its records on the test
 * DNS server, verify. `request` must be signed in (page.request after signIn); mutations from
 * a session need the dashboard's Origin.
 */
export async function createVerifiedDomain(request: APIRequestContext, dns: E2eDns, baseURL: string, name?: string) {
  const domainName = name ?? `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.example`;
  const headers = { origin: baseURL };
  const created = await request.post("/api/v1/domains", { data: { domain: domainName }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const domain = (await created.json()) as { id: string; records: DnsRecord[] };
  await publishRecords(dns, domain.records);
  const verified = await request.post(`/api/v1/domains/${domain.id}/verify`, { headers });
  expect((await verified.json()).status).toBe("verified");
  return { id: domain.id, domain: domainName };
}
