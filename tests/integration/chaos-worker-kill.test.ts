import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../helpers/smtp-receiver";
import { waitFor } from "../helpers/jobs";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../helpers/chaos/throwaway-database";
import { useDatabase } from "../helpers/chaos/use-database";
import { runSendLoad } from "../helpers/chaos/send-load";
import { settleAccounts } from "../helpers/chaos/mail-ledger";
import { creditsExact, makeChaosSender } from "../helpers/chaos/chaos-sender";
import { chaosLong, reportFigures } from "../helpers/chaos/figures";
import { startWorkerProcess } from "../helpers/chaos/worker-process";

// Chaos fault 1 (issue 17): the worker process is SIGKILLed at random moments while emails
// (single with cc, batch, scheduled) are accepted through the real route handlers and delivered
// into a real SMTP receiver; a fresh worker starts after each kill. Every recipient must arrive,
// none twice (counted by Message-ID and recipient), credits exact, every email final.

const KILLS = chaosLong() ? 20 : 5;
const RECIPIENTS = chaosLong() ? 2000 : 300;

let db: ThrowawayDatabase;
let restore: () => Promise<void>;
let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
let worker: ReturnType<typeof startWorkerProcess> | undefined;

beforeAll(async () => {
  db = await createThrowawayDatabase();
  receiver = await startSmtpReceiver();
  restore = await useDatabase(db.url);
});

afterAll(async () => {
  await worker?.stop();
  await restore?.();
  await receiver?.close();
  await db?.drop();
});

describe(`chaos: the worker is SIGKILLed ${KILLS} times while ${RECIPIENTS} recipients are delivered`, () => {
  it(
    "delivers every accepted recipient exactly once, with exact credits and final statuses",
    async () => {
      const sender = await makeChaosSender();
      worker = startWorkerProcess({
        DATABASE_URL: db.url,
        MAIL_TRANSPORT: "smtp",
        SMTP_URL: receiver.url,
        // A dead worker's rows are taken over after this; short, so the test drains in time.
        JOB_LOCK_SECONDS: "2",
        JOB_POLL_INTERVAL_MS: "100",
        JOB_CONCURRENCY: "8",
        DB_POOL_SIZE: "4",
      });

      let loading = true;
      let kills = 0;
      const load = runSendLoad({
        key: sender.key,
        from: sender.from,
        recipientDomain: "inbox.chaos.test",
        recipients: RECIPIENTS,
        concurrency: 4,
        pauseMs: chaosLong() ? 20 : 40,
      }).finally(() => (loading = false));
      // Kills at random moments across the load (and a little after it, while the backlog drains).
      const killer = (async () => {
        while (kills < KILLS) {
          await new Promise((r) => setTimeout(r, 300 + Math.random() * (loading ? 1500 : 700)));
          await worker!.killAndRestart();
          kills++;
        }
      })();
      const [sent] = await Promise.all([load, killer]);
      expect(kills).toBe(KILLS);
      expect(sent.undocumented5xx).toEqual([]);
      expect(sent.statuses).toEqual({ 201: expect.any(Number) });

      const books = await waitFor(
        async () => {
          const b = await settleAccounts(sent.acceptedEmailIds, receiver.messages);
          return b.lost === 0 && b.stuck.length === 0 ? b : null;
        },
        chaosLong() ? 600_000 : 50_000,
      ).catch(() => settleAccounts(sent.acceptedEmailIds, receiver.messages));
      const credits = await creditsExact(sender.accountId);

      reportFigures({
        fault: `1 worker SIGKILL x${KILLS}`,
        accepted: sent.acceptedRecipients,
        delivered: books.delivered,
        deliveredTwice: books.deliveredTwice,
        lost: books.lost,
        stuck: books.stuck.length,
        answered5xx: sent.answered5xx,
        longestUnavailableMs: Math.round(sent.longestUnavailableMs),
        notes: `credits ${credits.exact ? "exact" : `off: ${credits.balance} vs ${credits.expected}`}`,
      });
      expect(books.lostKeys, worker.output()).toEqual([]);
      expect(books.stuck).toEqual([]);
      expect(books.deliveredTwice).toBe(0);
      expect(books.delivered).toBe(sent.acceptedRecipients);
      expect(credits.exact).toBe(true);
    },
    chaosLong() ? 1_200_000 : 120_000,
  );
});
