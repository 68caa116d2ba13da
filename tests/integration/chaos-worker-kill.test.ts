import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addListContactRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { getDb } from "@/lib/db/client";
import { call } from "../helpers/api";
import { startSmtpReceiver } from "../helpers/smtp-receiver";
import { waitFor } from "../helpers/jobs";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../helpers/chaos/throwaway-database";
import { useDatabase } from "../helpers/chaos/use-database";
import { runSendLoad } from "../helpers/chaos/send-load";
import { settleAccounts, unexplainedDuplicates, type Kill } from "../helpers/chaos/mail-ledger";
import { creditsExact, makeChaosSender } from "../helpers/chaos/chaos-sender";
import { chaosLong, reportFigures } from "../helpers/chaos/figures";
import { startWorkerProcess } from "../helpers/chaos/worker-process";

// Chaos fault 1: the worker process is SIGKILLed at random moments while emails
// (single with cc, batch, scheduled) are accepted through the real route handlers, and contacts
// join a list that enrolls them in an active automation of STEPS steps, all delivered into a real
// SMTP receiver; a fresh worker starts after each kill. Every recipient and every step's email
// must arrive, credits exact, every email and enrollment final, and no step's email made twice.
// A recipient may arrive twice (counted by Message-ID and recipient) only as docs/reliability.md's
// contract allows: a kill fell after the receiver took it and before its outcome was written
// (the dead worker left it `sending`, read while no worker runs), and the copy carries the
// same Message-ID. SMTP has no exactly-once across a SIGKILL in that window; "none twice"
// passed only when no kill fell in it (1 run in 4 failed on the landed tree, 24 Nov 2026).

const KILLS = chaosLong() ? 20 : 5;
const RECIPIENTS = chaosLong() ? 2000 : 300;
const CONTACTS = chaosLong() ? 200 : 30;
const STEPS = 3;

/** An active automation of STEPS immediate steps, started by joining a list of its own. */
async function makeChaosAutomation(key: string, from: string) {
  const list = await call(createListRoute, { method: "POST", path: "/api/v1/lists", key, body: { name: "chaos-steps" } });
  expect(list.status).toBe(201);
  const automation = await call(createAutomationRoute, {
    method: "POST",
    path: "/api/v1/automations",
    key,
    body: {
      name: "Chaos steps",
      from,
      triggerType: "list_join",
      triggerConfig: { listName: "chaos-steps" },
      steps: Array.from({ length: STEPS }, (_, i) => ({
        delayMinutes: 0,
        subject: `Step ${i + 1} for {{name}}`,
        bodyHtml: `<p>Step ${i + 1}</p>`,
      })),
    },
  });
  expect(automation.status).toBe(201);
  const id = automation.json.id as string;
  expect((await call(activateRoute, { method: "POST", path: `/api/v1/automations/${id}/activate`, key, params: { id } })).status).toBe(200);
  return { id, listId: list.json.id as string };
}

/** Contacts join the list through the route, a few at a time, spread over the load. */
async function enrollContacts(key: string, listId: string, pauseMs: number) {
  const statuses: Record<number, number> = {};
  for (let i = 0; i < CONTACTS; i++) {
    const res = await call(addListContactRoute, {
      method: "POST",
      path: `/api/v1/lists/${listId}/contacts`,
      key,
      params: { id: listId },
      body: { email: `step-${i}-${Math.random().toString(36).slice(2, 8)}@inbox.chaos.test`, name: `C${i}` },
    });
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  return statuses;
}

/** The automation's books: every (enrollment, step) one email, every enrollment completed. */
async function automationBooks(automationId: string) {
  const db = getDb();
  const [enrollments, emails] = await Promise.all([
    db.enrollment.findMany({ where: { automationId }, select: { id: true, status: true } }),
    db.email.findMany({ where: { automationId }, select: { id: true, enrollmentId: true, stepId: true } }),
  ]);
  const perStep = new Map<string, number>();
  for (const e of emails) perStep.set(`${e.enrollmentId} ${e.stepId}`, (perStep.get(`${e.enrollmentId} ${e.stepId}`) ?? 0) + 1);
  return {
    enrollments: enrollments.length,
    unfinished: enrollments.filter((e) => e.status !== "completed").map((e) => `${e.id}:${e.status}`),
    emailIds: emails.map((e) => e.id),
    stepEmails: perStep.size,
    stepEmailsTwice: [...perStep.entries()].filter(([, n]) => n > 1).map(([k]) => k),
  };
}

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
    "delivers every accepted recipient, again only when a kill left it in flight, with exact credits and final statuses",
    async () => {
      const sender = await makeChaosSender();
      const automation = await makeChaosAutomation(sender.key, sender.from);
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
      const deaths: Kill[] = [];
      const load = runSendLoad({
        key: sender.key,
        from: sender.from,
        recipientDomain: "inbox.chaos.test",
        recipients: RECIPIENTS,
        concurrency: 4,
        pauseMs: chaosLong() ? 20 : 40,
      });
      const joining = enrollContacts(sender.key, automation.listId, Math.round((RECIPIENTS / CONTACTS) * (chaosLong() ? 5 : 10)));
      void Promise.all([load, joining]).finally(() => (loading = false));
      // Kills at random moments across the load (and a little after it, while the backlog drains).
      const killer = (async () => {
        while (kills < KILLS) {
          await new Promise((r) => setTimeout(r, 300 + Math.random() * (loading ? 1500 : 700)));
          await worker!.killAndRestart(async () => {
            const sending = await getDb().emailRecipient.findMany({
              where: { accountId: sender.accountId, status: "sending" },
              select: { id: true },
            });
            // After the read: a message the dead worker finished sending is in the receiver's books by now.
            deaths.push({ at: Date.now(), sending: new Set(sending.map((r) => r.id)) });
          });
          kills++;
        }
      })();
      const [sent, joined] = await Promise.all([load, joining, killer]);
      expect(kills).toBe(KILLS);
      expect(sent.undocumented5xx).toEqual([]);
      expect(sent.statuses).toEqual({ 201: expect.any(Number) });
      expect(joined).toEqual({ 201: CONTACTS });

      // Settled: every step of every enrollment sent, and every email delivered and final.
      const settle = async () => {
        const steps = await automationBooks(automation.id);
        const b = await settleAccounts([...sent.acceptedEmailIds, ...steps.emailIds], receiver.messages);
        return { ...b, steps };
      };
      const books = await waitFor(
        async () => {
          // Settling reads every email and message: not too often, this process hosts the receiver.
          await new Promise((r) => setTimeout(r, 500));
          const b = await settle();
          return b.lost === 0 && b.stuck.length === 0 && b.steps.unfinished.length === 0 && b.steps.stepEmails === CONTACTS * STEPS
            ? b
            : null;
        },
        chaosLong() ? 600_000 : 90_000,
      ).catch(settle);
      const credits = await creditsExact(sender.accountId);
      const stepsLost = CONTACTS * STEPS - books.steps.stepEmails;

      reportFigures({
        fault: `1 worker SIGKILL x${KILLS}`,
        accepted: sent.acceptedRecipients + CONTACTS * STEPS,
        delivered: books.delivered,
        deliveredTwice: books.deliveredTwice + books.steps.stepEmailsTwice.length,
        lost: books.lost + stepsLost,
        stuck: books.stuck.length + books.steps.unfinished.length,
        answered5xx: sent.answered5xx,
        longestUnavailableMs: Math.round(sent.longestUnavailableMs),
        notes: `${CONTACTS} contacts x ${STEPS} automation steps; credits ${credits.exact ? "exact" : `off: ${credits.balance} vs ${credits.expected}`}`,
      });
      // On a failure: where the unfinished work stands, and the worker's last words.
      const store = getDb();
      const diagnosis = JSON.stringify({
        emails: await store.email.groupBy({ by: ["status"], where: { accountId: sender.accountId }, _count: { _all: true } }),
        enrollments: await store.enrollment.groupBy({
          by: ["status", "nextPosition"],
          where: { automationId: automation.id },
          _count: { _all: true },
        }),
        jobs: await store.job.findMany({
          where: { accountId: sender.accountId, status: { not: "completed" } },
          select: { name: true, status: true, attempts: true, lastError: true },
          take: 5,
        }),
      });
      expect(books.lostKeys, `${diagnosis}\n${worker.output()}`).toEqual([]);
      expect(books.stuck).toEqual([]);
      expect(unexplainedDuplicates(receiver.messages, deaths)).toEqual([]);
      expect(books.delivered).toBe(sent.acceptedRecipients + CONTACTS * STEPS);
      // Every contact enrolled once, each of its steps sent once, and its enrollment completed.
      expect(books.steps.enrollments).toBe(CONTACTS);
      expect(books.steps.stepEmailsTwice).toEqual([]);
      expect(books.steps.stepEmails).toBe(CONTACTS * STEPS);
      expect(books.steps.emailIds).toHaveLength(CONTACTS * STEPS);
      expect(books.steps.unfinished).toEqual([]);
      expect(credits.exact).toBe(true);
    },
    chaosLong() ? 1_200_000 : 150_000,
  );
});
