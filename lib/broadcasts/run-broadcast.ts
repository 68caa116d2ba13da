import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { getEnv } from "@/lib/config/env";
import { checkSender } from "@/lib/domains/check-sender";
import type { JobContext } from "@/lib/jobs/define-job";
import { PermanentJobError } from "@/lib/jobs/job-errors";
import type { Broadcast } from "@/lib/generated/prisma/client";
import type { Rule } from "@/lib/automations/graph/rule-schema";
import { ApiError } from "@/lib/api/errors";
import {
  compileFilteredAudience,
  countBroadcastAudience,
  type FilteredAudience,
  selectBroadcastMembers,
  selectFilteredBroadcastMembers,
} from "./broadcast-members-sql";
import { broadcastBody, broadcastBodyVariables, type BroadcastContext } from "./render-broadcast-email";
import { fanOutBroadcast } from "./fan-out-broadcast";
import type { LocalTime } from "./local-time-schema";
import { getDefaultLayout } from "@/lib/layouts/get-default-layout";
import { variantSubject, type AbTest } from "./ab-test-schema";
import { chooseAbWinner, endAbTestPhase } from "./ab-test-phase";

export type RunBroadcastResult =
  | { status: "skipped"; reason: "missing" | "not_due" | "not_sending" }
  | { status: "failed"; reason: string }
  | { status: "sent"; batches: number; emails: number; skipped: number; optedOut: number }
  | { status: "testing"; endsAt: Date; batches: number; emails: number; skipped: number; optedOut: number };

/**
 * The broadcasts.send job: starts a due scheduled broadcast (credits checked for the whole
 * audience first), then fans it out in batches of BROADCAST_BATCH_SIZE members by contact id.
 * Each batch is one accept statement (emails, recipients, delivery jobs, the batch's debit);
 * the unique (broadcastId, contactId) on Email and the page's alreadySent flag mean a batch run
 * again after a crash sends nobody twice. Then the cursor and skip count move in one
 * compare-and-set, so each batch is counted once.
 *
 * With a subject A/B test it runs twice: first only the test group, each member with its
 * variant's subject and an ab_variant tag (abTestVariant: the same people and variants on every
 * run); then, at the test's end, the winner is stored and everyone else is fanned out with its
 * subject (the test group's emails exist, so alreadySent passes over them).
 */
export async function runBroadcast(broadcastId: string, ctx?: Pick<JobContext, "attempt" | "maxAttempts">): Promise<RunBroadcastResult> {
  try {
    return await run(broadcastId);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const final = error instanceof PermanentJobError || (ctx !== undefined && ctx.attempt >= ctx.maxAttempts);
    await getDb().broadcast.updateMany({
      where: { id: broadcastId, status: "sending" },
      data: final
        ? { status: "failed", lastError: message, finishedAt: now(), updatedAt: now() }
        : { lastError: message, updatedAt: now() },
    });
    throw error;
  }
}

async function fail(broadcast: Broadcast, from: Broadcast["status"], reason: string): Promise<RunBroadcastResult> {
  const at = now();
  await getDb().broadcast.updateMany({
    where: { id: broadcast.id, status: from },
    data: { status: "failed", lastError: reason, finishedAt: at, updatedAt: at },
  });
  return { status: "failed", reason };
}

async function run(broadcastId: string): Promise<RunBroadcastResult> {
  const db = getDb();
  let broadcast = await db.broadcast.findUnique({ where: { id: broadcastId } });
  if (!broadcast) return { status: "skipped", reason: "missing" };
  const { accountId } = broadcast;
  const list = await db.contactList.findFirst({ where: { id: broadcast.listId, accountId }, select: { name: true, filter: true } });
  // A deleted topic would let nobody through: say so rather than send to no one.
  const unsent = broadcast.status === "scheduled" || broadcast.status === "sending";
  if (unsent && broadcast.topicId && !(await db.topic.findFirst({ where: { id: broadcast.topicId, accountId }, select: { id: true } }))) {
    return fail(broadcast, broadcast.status, "the broadcast's topic was deleted");
  }

  if (broadcast.status === "scheduled") {
    // A stale job (the broadcast was rescheduled): the job for the real time runs it.
    if (broadcast.scheduledAt && broadcast.scheduledAt.getTime() > now().getTime()) return { status: "skipped", reason: "not_due" };
    if (!list) return fail(broadcast, "scheduled", "the broadcast's list was deleted");
    const needed = await countBroadcastAudience(db, {
      listId: broadcast.listId,
      accountId,
      topicId: broadcast.topicId,
      filter: list.filter,
    });
    const { creditBalance } = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { creditBalance: true } });
    if (creditBalance < needed) {
      return fail(
        broadcast,
        "scheduled",
        `insufficient credits at the scheduled time: this needs ${needed}, the account has ${creditBalance}`,
      );
    }
    const at = now();
    // Taking it out of `scheduled` is the race with cancel: only one side wins.
    const { count } = await db.broadcast.updateMany({
      where: { id: broadcastId, status: "scheduled" },
      data: { status: "sending", startedAt: at, lastError: null, updatedAt: at },
    });
    if (!count) return { status: "skipped", reason: "not_sending" };
    broadcast = await db.broadcast.findUniqueOrThrow({ where: { id: broadcastId } });
  }
  if (broadcast.status !== "sending") return { status: "skipped", reason: "not_sending" };
  const abTest = (broadcast.abTest ?? null) as AbTest | null;
  // The A/B test's wait is not over: a stale run (the job for the rest is enqueued for the end).
  if (abTest && broadcast.abTestEndsAt && !broadcast.abWinner && broadcast.abTestEndsAt.getTime() > now().getTime()) {
    return { status: "skipped", reason: "not_due" };
  }
  if (!list) return fail(broadcast, "sending", "the broadcast's list was deleted");
  // The sender was allowed when the broadcast was sent; mail may leave this machine since (the
  // transport changed) or its domain may have lost its verification: stop, naming why, before
  // anyone is emailed from it.
  const sender = await checkSender(db, accountId, broadcast.from);
  if (sender.problem) return fail(broadcast, "sending", `not sent: ${sender.reason}`);

  // What every member's email is made from, fixed by the first run: the template may be edited
  // or deleted while the emails go out (an A/B test's wait, a run resumed after a crash), and
  // each member still gets the version the broadcast started with. Only the first run reads it.
  let content = fixedContent(broadcast);
  const [account, template, layout] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true, companyName: true, timezone: true } }),
    broadcast.templateId && !content
      ? db.template.findFirst({ where: { id: broadcast.templateId, accountId }, select: { subject: true, htmlBody: true } })
      : null,
    getDefaultLayout({ accountId, db }),
  ]);
  if (!content) {
    if (broadcast.templateId && !template) return fail(broadcast, "sending", "the broadcast's template was deleted");
    content = { subject: template?.subject ?? broadcast.subject, ...broadcastBody(broadcast, template) };
    await db.broadcast.updateMany({
      where: { id: broadcastId, sendSubject: null },
      data: { sendSubject: content.subject, sendHtml: content.html, sendText: content.text },
    });
  }
  if (abTest && broadcast.abTestEndsAt && !broadcast.abWinner) {
    const chosen = await chooseAbWinner(broadcast, abTest);
    if (!chosen) return { status: "skipped", reason: "not_sending" };
    broadcast = chosen;
  }
  // null: no test; "test": the test group's variants; "rest": the winner to everyone else.
  const phase = !abTest ? null : broadcast.abTestEndsAt ? "rest" : "test";
  const baseSubject = content.subject;
  const context: BroadcastContext = {
    broadcast,
    template,
    companyName: account.companyName || account.name,
    listName: list.name,
    layout,
    subject: phase === "rest" ? variantSubject(abTest!, baseSubject, broadcast.abWinner!) : baseSubject,
    bodyVariables: broadcastBodyVariables(content),
  };

  const localTime = broadcast.localTime as LocalTime | null;
  const limit = getEnv().BROADCAST_BATCH_SIZE;
  // A filtered segment: whoever matches its filter as each page is read, in contact id order.
  let filtered: FilteredAudience | null = null;
  try {
    filtered = list.filter ? await compileFilteredAudience(db, accountId, list.filter as Rule) : null;
  } catch (error) {
    // The filter names a segment deleted since: no retry would compile it.
    if (error instanceof ApiError) return fail(broadcast, "sending", `the segment's filter: ${error.message}`);
    throw error;
  }
  const { cursor, ...counts } = await fanOutBroadcast({
    db,
    accountId,
    broadcastId,
    context,
    phase,
    abTest,
    baseSubject,
    localTime,
    accountTimezone: account.timezone,
    cursor: broadcast.cursor,
    readPage: (after) =>
      filtered
        ? selectFilteredBroadcastMembers(db, { accountId, broadcastId, topicId: broadcast.topicId, after, limit, audience: filtered })
        : selectBroadcastMembers(db, { listId: broadcast.listId, accountId, broadcastId, topicId: broadcast.topicId, after, limit }),
  });
  if (phase === "test") {
    const endsAt = await endAbTestPhase(broadcast, abTest!, cursor);
    if (!endsAt) throw new Error("the broadcast's fan-out moved on elsewhere; this run stops");
    return { status: "testing", endsAt, ...counts };
  }
  const at = now();
  await db.broadcast.updateMany({
    where: { id: broadcastId, status: "sending" },
    data: { status: "sent", finishedAt: at, lastError: null, updatedAt: at },
  });
  return { status: "sent", ...counts };
}

/** The subject and body a broadcast fixed when its fan-out first started, or null before. */
function fixedContent(broadcast: Broadcast): { subject: string; html: string; text: string | null } | null {
  if (broadcast.sendSubject === null) return null;
  return { subject: broadcast.sendSubject, html: broadcast.sendHtml ?? "", text: broadcast.sendText };
}
