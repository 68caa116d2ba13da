import type { Db } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { acceptEmails } from "@/lib/emails/accept-emails";
import type { SendEmailBody } from "@/lib/emails/schemas";
import { contactZone } from "@/lib/clock/contact-zone";
import type { BroadcastMemberRow } from "./broadcast-members-sql";
import { broadcastMemberEmail, type BroadcastContext } from "./render-broadcast-email";
import { memberSendAt } from "./local-send-time";
import type { LocalTime } from "./local-time-schema";
import { variantSubject, type AbTest } from "./ab-test-schema";
import { abTestVariant } from "./ab-test-group";

export interface FanOutOptions {
  db: Db;
  accountId: string;
  broadcastId: string;
  context: BroadcastContext;
  /** null: no test; "test": the test group's variants; "rest": everyone else (the winner's subject is in `context`). */
  phase: "test" | "rest" | null;
  abTest: AbTest | null;
  /** The subject the variants are built on (the broadcast's or its template's). */
  baseSubject: string;
  localTime: LocalTime | null;
  accountTimezone: string | null;
  /** Where the fan-out stands (the last contact id done; null from the start). */
  cursor: string | null;
  /** The next page of members after a contact id, in contact id order. */
  readPage: (after: string | null) => Promise<BroadcastMemberRow[]>;
}

/** One page made ready to store: its members' emails (subjects rendered, bodies at send time) and its skips counted. */
interface Batch {
  last: string;
  emails: SendEmailBody[];
  contactIds: string[];
  skipped: number;
  optedOut: number;
}

/** How many batches may be in the database at once: stored, or storing, before their cursor move. */
const STORES_IN_FLIGHT = 2;

/**
 * The fan-out's loop: page after page (in contact id order from the cursor), each page's due
 * members' emails accepted in one statement, then the cursor and skip counts moved in one
 * compare-and-set, so each batch is counted once. Up to STORES_IN_FLIGHT accept statements run
 * at once, while the next page is read and rendered here; the cursor moves stay in page order
 * (each waits for its own accept and for the move before it, and a failed one stops the moves
 * after it). A crash leaves at most the batches in flight written without their cursor moves,
 * which a run again passes over (alreadySent); a batch's credits are debited in its own accept
 * statement, so none is taken twice.
 */
export async function fanOutBroadcast(o: FanOutOptions) {
  const totals = { batches: 0, emails: 0, skipped: 0, optedOut: 0 };
  let cursor = o.cursor;
  let moved = o.cursor;
  let lastMove: Promise<unknown> = Promise.resolve();
  const inFlight: Promise<void>[] = [];
  let reading: Promise<BroadcastMemberRow[]> = o.readPage(cursor);
  try {
    let page = await reading;
    while (page.length) {
      // The next page is read while this one renders: it holds only members after this page's
      // last, whom no accept in flight writes for, so reading it early reads the same rows.
      reading = o.readPage(page[page.length - 1].contactId);
      reading.catch(() => {});
      const batch = prepareBatch(o, page);
      const from = cursor;
      // Settles only once its own accept has (the move before may fail first): when the run
      // stops, it waits for every statement it started.
      const previous = lastMove;
      const move = acceptBatch(o, batch)
        .then(() => previous)
        .then(() => moveCursor(o, batch, from));
      lastMove = move;
      const done = move.then(() => {
        moved = batch.last;
        totals.batches += 1;
        totals.emails += batch.emails.length;
        totals.skipped += batch.skipped;
        totals.optedOut += batch.optedOut;
      });
      // Awaited in order below; a rejection meanwhile must not count as unhandled.
      done.catch(() => {});
      inFlight.push(done);
      cursor = batch.last;
      if (inFlight.length >= STORES_IN_FLIGHT) await inFlight.shift();
      page = await reading;
    }
    for (const done of inFlight) await done;
  } catch (error) {
    // No statement of this run may still be running when the job lets the broadcast go.
    await Promise.allSettled([...inFlight, reading]);
    throw error;
  }
  return { cursor: moved, ...totals };
}

function prepareBatch(o: FanOutOptions, page: BroadcastMemberRow[]): Batch {
  const { phase, abTest, broadcastId } = o;
  const variants = new Map(page.map((m) => [m.contactId, abTest && abTestVariant(abTest, broadcastId, m.contactId)]));
  // The test phase sends the test group only; each phase counts the skips of its own members.
  const mine = page.filter((m) => phase === null || (phase === "test") === Boolean(variants.get(m.contactId)));
  const due = page.filter(
    (m) => !m.alreadySent && m.subscribed && !m.suppressed && !m.optedOut && (phase !== "test" || variants.get(m.contactId)),
  );
  const skipped = mine.filter((m) => !m.alreadySent && (!m.subscribed || m.suppressed)).length;
  // A member both unsubscribed and opted out of the topic counts once, as skipped.
  const optedOut = mine.filter((m) => !m.alreadySent && m.subscribed && !m.suppressed && m.optedOut).length;
  const at = now();
  const emails = due.map((m): SendEmailBody => {
    const variant = phase === "test" ? variants.get(m.contactId)! : null;
    const email = variant
      ? {
          ...broadcastMemberEmail({ ...o.context, subject: variantSubject(abTest!, o.baseSubject, variant) }, m),
          tags: [{ name: "ab_variant", value: variant }],
        }
      : broadcastMemberEmail(o.context, m);
    // A local-time broadcast: each member's email waits for the time in the member's zone.
    const sendAt = o.localTime && memberSendAt(o.localTime, contactZone(m.properties, o.accountTimezone), at);
    return sendAt ? { ...email, scheduled_at: sendAt.toISOString() } : email;
  });
  return { last: page[page.length - 1].contactId, emails, contactIds: due.map((m) => m.contactId), skipped, optedOut };
}

async function acceptBatch(o: FanOutOptions, batch: Batch) {
  if (!batch.emails.length) return;
  await acceptEmails({
    accountId: o.accountId,
    emails: batch.emails,
    source: { kind: "broadcast", broadcastId: o.broadcastId, broadcastName: o.context.broadcast.name, contactIds: batch.contactIds },
  });
}

async function moveCursor(o: FanOutOptions, batch: Batch, cursor: string | null) {
  const { count } = await o.db.broadcast.updateMany({
    where: { id: o.broadcastId, status: "sending", cursor },
    data: { cursor: batch.last, skipped: { increment: batch.skipped }, optedOut: { increment: batch.optedOut }, updatedAt: now() },
  });
  if (!count) throw new Error("the broadcast's fan-out moved on elsewhere; this run stops");
}
