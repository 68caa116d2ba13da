import { Resolver } from "node:dns/promises";
import { authenticate } from "mailauth";
import { getEnv } from "@/lib/config/env";
import { parseDnsServers } from "@/lib/domains/create-dns-lookup";
import { logger } from "@/lib/log/logger";

export interface AuthResults {
  spf: string;
  dkim: string;
  dmarc: string;
}

/**
 * SPF, DKIM and DMARC results of a received message (mailauth), each a result word: pass,
 * fail, softfail, neutral, none, temperror, permerror. DNS goes to DNS_SERVERS when set, and
 * the whole check is bounded by twice DNS_TIMEOUT_MS: past it, or on any error, the results are
 * "temperror", which a reader treats as unknown. The check never refuses a message.
 */
export async function checkMessageAuth(options: { raw: Buffer; ip: string; helo: string | null; mailFrom: string }): Promise<AuthResults> {
  const env = getEnv();
  const resolver = new Resolver({ timeout: env.DNS_TIMEOUT_MS, tries: 1 });
  const servers = parseDnsServers(env.DNS_SERVERS);
  if (servers.length) resolver.setServers(servers);
  const check = authenticate(options.raw, {
    ip: options.ip,
    helo: options.helo ?? undefined,
    sender: options.mailFrom,
    mta: env.MX_HOST,
    disableArc: true,
    disableBimi: true,
    resolver: (name: string, type: string) => resolver.resolve(name, type) as Promise<string[][] | string[]>,
  }).then(
    (result) => ({
      spf: result.spf ? String(result.spf.status?.result ?? "none") : "none",
      dkim: String(result.dkim?.results?.[0]?.status?.result ?? "none"),
      dmarc: result.dmarc ? String(result.dmarc.status?.result ?? "none") : "none",
    }),
    (error: Error) => {
      logger().warn({ err: error }, "inbound: authentication check failed");
      return { spf: "temperror", dkim: "temperror", dmarc: "temperror" };
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<AuthResults>((resolve) => {
    timer = setTimeout(() => resolve({ spf: "temperror", dkim: "temperror", dmarc: "temperror" }), env.DNS_TIMEOUT_MS * 2);
  });
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
    resolver.cancel();
  }
}
