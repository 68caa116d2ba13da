import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { smtpTransport } from "@/lib/transports/smtp-transport";
import { startPoller, stopPoller } from "@/lib/jobs/poller";
import { registeredJobs } from "@/lib/jobs/handlers";
import { startSmtpReceiver } from "../helpers/smtp-receiver";
import { waitFor } from "../helpers/jobs";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../helpers/chaos/throwaway-database";
import { useDatabase } from "../helpers/chaos/use-database";
import { runSendLoad } from "../helpers/chaos/send-load";
import { settleAccounts } from "../helpers/chaos/mail-ledger";
import { creditsExact, makeChaosSender } from "../helpers/chaos/chaos-sender";
import { chaosLong, reportFigures } from "../helpers/chaos/figures";

// Chaos fault 2: the database goes away under load. Every connection of this run's
// own database on the local PostgreSQL server is terminated, again and again, for 10 s while
// emails are sent through the real route handlers and delivered by the poller into a real SMTP
// receiver. The API must answer 503 service_unavailable with the documented body (never a 500,
// never a hang), the pool must reconnect by itself, and every accepted email must arrive once.

const KILL_WINDOW_MS = 10_000;
const RECIPIENTS = chaosLong() ? 2000 : 300;

let db: ThrowawayDatabase;
let restore: () => Promise<void>;
let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
const saved = { ...process.env };

beforeAll(async () => {
  db = await createThrowawayDatabase();
  receiver = await startSmtpReceiver();
  process.env.MAIL_TRANSPORT = "smtp";
  process.env.SMTP_URL = receiver.url;
  // Bounded waits so a request during the outage answers in time (lib/db/client.ts).
  process.env.DB_CONNECT_TIMEOUT_MS = "2000";
  process.env.DB_STATEMENT_TIMEOUT_MS = "5000";
  restore = await useDatabase(db.url);
});

afterAll(async () => {
  await stopPoller({ timeoutMs: 5000 });
  await smtpTransport.close?.();
  await restore?.();
  for (const name of ["MAIL_TRANSPORT", "SMTP_URL", "DB_CONNECT_TIMEOUT_MS", "DB_STATEMENT_TIMEOUT_MS"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvCache();
  await receiver?.close();
  await db?.drop();
});

describe("chaos: the database's connections are terminated repeatedly for 10 s under load", () => {
  it(
    "answers 503 while it is gone, reconnects by itself and loses nothing accepted",
    async () => {
      const sender = await makeChaosSender();
      startPoller({ jobs: registeredJobs, pollIntervalMs: 100, concurrency: 8, lockSeconds: 5 });

      let killing = true;
      let terminated = 0;
      const killer = (async () => {
        const started = Date.now();
        const until = started + KILL_WINDOW_MS;
        // For the middle stretch of the window the database also refuses new connections, as a
        // restarting server does; the rest of the time connections are cut but come back.
        const down = { from: started + KILL_WINDOW_MS * 0.3, to: started + KILL_WINDOW_MS * 0.6 };
        let refused = false;
        try {
          while (Date.now() < until) {
            const shouldRefuse = Date.now() >= down.from && Date.now() < down.to;
            if (shouldRefuse !== refused) await db.refuseConnections((refused = shouldRefuse));
            terminated += await db.terminateAll();
            await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
          }
        } finally {
          if (refused) await db.refuseConnections(false);
        }
        killing = false;
      })();

      // The load runs across the whole window and past it, so sends land before, during and after.
      const load = await runSendLoad({
        key: sender.key,
        from: sender.from,
        recipientDomain: "inbox.chaos.test",
        recipients: RECIPIENTS,
        concurrency: 6,
        hangMs: 15_000,
        pauseMs: Math.round((KILL_WINDOW_MS * 6) / (RECIPIENTS / 2.5)),
      });
      await killer;
      expect(killing).toBe(false);
      expect(terminated).toBeGreaterThan(10);

      // The outage was seen by clients, and answered as documented.
      expect(load.statuses["503"] ?? 0).toBeGreaterThan(0);
      expect(load.undocumented5xx).toEqual([]);
      expect(load.hangs).toBe(0);
      expect(load.acceptedEmailIds.length).toBeGreaterThan(0);

      // After the outage, the pool serves again without a restart, and the poller drains the work.
      const after = await runSendLoad({
        key: sender.key,
        from: sender.from,
        recipientDomain: "inbox.chaos.test",
        recipients: 10,
        concurrency: 2,
      });
      expect(after.statuses).toEqual({ 201: expect.any(Number) });
      const accepted = [...load.acceptedEmailIds, ...after.acceptedEmailIds];
      const books = await waitFor(
        async () => {
          const b = await settleAccounts(accepted, receiver.messages);
          return b.lost === 0 && b.stuck.length === 0 ? b : null;
        },
        chaosLong() ? 600_000 : 60_000,
      ).catch(async () => settleAccounts(accepted, receiver.messages));

      reportFigures({
        fault: "2 database connections terminated for 10 s",
        accepted: load.acceptedRecipients + after.acceptedRecipients,
        delivered: books.delivered,
        deliveredTwice: books.deliveredTwice,
        lost: books.lost,
        stuck: books.stuck.length,
        answered5xx: load.answered5xx,
        longestUnavailableMs: Math.round(load.longestUnavailableMs),
        notes: `${terminated} connections terminated; statuses ${JSON.stringify(load.statuses)}`,
      });
      expect(books.lostKeys).toEqual([]);
      expect(books.stuck).toEqual([]);
      expect(books.deliveredTwice).toBe(0);
      expect(books.delivered).toBe(books.recipients);
      expect((await creditsExact(sender.accountId)).exact).toBe(true);
    },
    chaosLong() ? 1_200_000 : 120_000,
  );
});
