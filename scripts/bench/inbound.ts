import { startDnsServer } from "../../tests/helpers/dns-server";
import { startCpuProfile } from "./measure-process";
import { measurePostgresCpu, processCpuMs } from "./postgres-cpu";
import { ensurePostfixTools, smtpSource, startSmtpSink } from "./postfix";
import { startSmtpServerFloor } from "./smtp-server-floor";

export type InboundBenchResult =
  | { skipped: string }
  | {
      skipped?: undefined;
      messages: number;
      sessions: number;
      length: number;
      inboundRate: number;
      /** Spooled messages parsed and stored a second by the receiving.process job (the worker's poller), after the accept run. */
      processRate: number;
      sinkRate: number;
      /** smtp-server alone in this process, reading and discarding each message: the library's floor. */
      floorRate: number;
      /** Per message, in ms: this process (the inbound server) and the PostgreSQL backends. */
      inboundCpu: number;
      postgresCpu: number;
      sinkCpu: number;
    };

const SENDER_DOMAIN = "sender.bench.example";

/**
 * Received mail: Postfix's smtp-source delivering `length`-byte messages to an address of a
 * receiving domain at the inbound SMTP server (the real path: recipient check, rate limit, the
 * MIME bounds, the raw source and its job committed before the 250), beside smtp-source into
 * Postfix's smtp-sink over the same number of reused connections. Then the worker's poller runs
 * the receiving.process jobs those messages queued (parsing, SPF/DKIM/DMARC with mailauth, the
 * ReceivedEmail rows), timed apart: what a message costs after its 250. The sender's
 * domain publishes SPF and DMARC on a DNS server on loopback, as a warm resolver cache would
 * answer; the per-address message limit is lifted, as it would be for a known relay.
 */
export async function benchInbound(options: {
  accountId: string;
  domainId: string;
  domain: string;
  messages: number;
  sessions: number;
  length: number;
}): Promise<InboundBenchResult> {
  const missing = ensurePostfixTools();
  if (missing) return { skipped: missing };
  const { getDb } = await import("@/lib/db/client");
  const { resetEnvCache } = await import("@/lib/config/env");
  const { startInboundServer } = await import("@/lib/receiving/inbound-server");
  const { processInboundJob } = await import("@/lib/receiving/process-inbound-job");
  const { runWorkerUntil } = await import("./run-worker-until");

  const dns = await startDnsServer();
  dns.txt(SENDER_DOMAIN, "v=spf1 ip4:127.0.0.1 -all");
  dns.txt(`_dmarc.${SENDER_DOMAIN}`, "v=DMARC1; p=none");
  const saved = { DNS_SERVERS: process.env.DNS_SERVERS, INBOUND_RATE_LIMIT_PER_MINUTE: process.env.INBOUND_RATE_LIMIT_PER_MINUTE };
  process.env.DNS_SERVERS = dns.address;
  process.env.INBOUND_RATE_LIMIT_PER_MINUTE = String(100 * options.messages);
  resetEnvCache();
  await getDb().domain.update({ where: { id: options.domainId }, data: { receiving: true } });

  const inbound = await startInboundServer({ port: 0, host: "127.0.0.1" });
  const sink = await startSmtpSink();
  const floor = await startSmtpServerFloor();
  try {
    const run = (port: number, messages = options.messages) =>
      smtpSource(port, {
        sessions: options.sessions,
        messages,
        length: options.length,
        from: `news@${SENDER_DOMAIN}`,
        to: `support@${options.domain}`,
        reuse: true,
      });
    const count = () => getDb().receivedEmail.count({ where: { accountId: options.accountId } });
    const spooled = () => getDb().inboundMessage.count({ where: { accountId: options.accountId } });
    const processAll = () => runWorkerUntil([processInboundJob], async () => (await spooled()) === 0);
    // Warm-up: JIT, pooled database connections, the domain lookup, the job's parse and check.
    await run(inbound.port, 200);
    await run(sink.port, 200);
    await run(floor.port, 200);
    await processAll();
    const floorRate = await run(floor.port);
    const before = await count();
    const sinkCpuBefore = processCpuMs(sink.pid) ?? 0;
    const sinkRate = await run(sink.port);
    const sinkCpu = (processCpuMs(sink.pid) ?? 0) - sinkCpuBefore;
    const cpu = process.cpuUsage();
    const postgres = await measurePostgresCpu();
    const acceptProfile = await startCpuProfile(process.env.BENCH_INBOUND_CPU_PROFILE);
    const inboundRate = await run(inbound.port);
    await acceptProfile.stop();
    const used = process.cpuUsage(cpu);
    const postgresCpu = await postgres.stop();
    const processProfile = await startCpuProfile(process.env.BENCH_INBOUND_PROCESS_CPU_PROFILE);
    const processStarted = performance.now();
    await processAll();
    await processProfile.stop();
    const processRate = options.messages / ((performance.now() - processStarted) / 1000);
    const stored = (await count()) - before;
    if (stored !== options.messages) throw new Error(`the inbound server accepted ${options.messages} messages but stored ${stored}`);
    const n = options.messages;
    return {
      messages: n,
      sessions: options.sessions,
      length: options.length,
      inboundRate,
      processRate,
      sinkRate,
      floorRate,
      inboundCpu: (used.user + used.system) / 1000 / n,
      postgresCpu: postgresCpu / n,
      sinkCpu: sinkCpu / n,
    };
  } finally {
    await inbound.close();
    await sink.close();
    await floor.close();
    await dns.close();
    await getDb().domain.update({ where: { id: options.domainId }, data: { receiving: false } });
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  }
}
