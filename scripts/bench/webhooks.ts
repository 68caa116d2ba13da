import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { runWorkerUntil } from "./run-worker-until";

/**
 * Webhook fan-out: N delivered events to `hooks` webhooks on a loopback receiver, delivered by
 * the webhooks.deliver job, beside raw fetch POSTs of the same bodies at the same concurrency.
 */
export async function benchWebhooks(options: { accountId: string; events: number; hooks: number }) {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received += 1;
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  const { resetEnvCache } = await import("@/lib/config/env");
  resetEnvCache();
  const { getDb } = await import("@/lib/db/client");
  const { createWebhook } = await import("@/lib/webhooks/create-webhook");
  const { recordEmailEvent } = await import("@/lib/emails/record-event");
  const { deliverWebhookJob } = await import("@/lib/webhooks/deliver-webhook-job");
  const { signWebhook } = await import("@/lib/webhooks/sign-webhook");

  const hooks = [];
  for (let i = 0; i < options.hooks; i++)
    hooks.push(await createWebhook({ accountId: options.accountId, input: { url, events: ["email.delivered"] } }));
  const email = await getDb().email.findFirstOrThrow({ where: { accountId: options.accountId } });
  for (let i = 0; i < options.events; i += 50) {
    await getDb().$transaction(async (tx) => {
      for (let j = i; j < Math.min(i + 50, options.events); j++) {
        await recordEmailEvent(tx, {
          email,
          domain: "bench.example",
          recipient: null,
          type: "email.delivered",
          data: { to: `u${j}@sink.example` },
        });
      }
    });
  }
  const expected = options.events * options.hooks;
  let started = performance.now();
  await runWorkerUntil([deliverWebhookJob], () => received >= expected);
  const pipelineRate = expected / ((performance.now() - started) / 1000);

  const body = JSON.stringify({
    id: "evt_x",
    type: "email.delivered",
    created_at: new Date().toISOString(),
    data: { email_id: email.id, to: "u@sink.example" },
  });
  // Raw fetch POSTs of the same body at `concurrency` at once: 16 (the jobs the worker runs at
  // once), and one per webhook (what the per-endpoint order allows the pipeline in flight).
  const raw = async (concurrency: number) => {
    const before = received;
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < expected) {
          next += 1;
          await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body }).then((r) => r.text());
        }
      }),
    );
    return (received - before) / ((performance.now() - t0) / 1000);
  };
  const rawRate = await raw(16);
  const rawPerEndpointRate = await raw(options.hooks);

  const signs = 20_000;
  started = performance.now();
  for (let i = 0; i < signs; i++)
    signWebhook({ secret: hooks[0].secret ?? "whsec_" + "A".repeat(43) + "=", id: `evt_${i}`, timestamp: new Date(), body });
  const signMicros = ((performance.now() - started) * 1000) / signs;
  await new Promise<void>((r) => server.close(() => r()));
  return { expected, pipelineRate, rawRate, rawPerEndpointRate, signMicros };
}
