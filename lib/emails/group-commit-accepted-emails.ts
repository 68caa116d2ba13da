import { mergeSendJobs } from "./merge-send-jobs";
import { storeAcceptedEmails, storeAcceptedGroup, type StoreAcceptedEmails, type StoreResult } from "./store-accepted-emails";

// Group commit for the accept path: every accept of an account ends in the same
// UPDATE of its Account row (the debit), so concurrent accepts of one account queue on that row
// lock and each pays its own commit. Here at most MAX_IN_FLIGHT statements per account run at
// once from this process (one while the account has active relay sessions, see below);
// accepts that arrive meanwhile wait and then go together in ONE statement
// (store-accepted-emails.ts), so a busy account pays one round trip and one commit per group
// instead of per email. For the relay's sessions one at a time is faster (with two, the second
// started with a lone message and then waited on the account row behind the first one's
// commit, so groups stayed small); for the API two keep the tail short (one: p99 of
// `POST /emails` at 50 connections 129 ms, two: 98 ms, the framework's floor being 80-88 ms).
//
// An accept that finds the line free is stored at once, unless it names a `source` (the SMTP
// relay: its session) and other open sources of the account sent an accept within ACTIVE_MS:
// then the statement waits until each of them has one in the queue, at most GATHER_MS after
// the oldest arrived. Ten sessions that each wait for their 250 before sending the next message
// then share one statement instead of being split across two or three (the bench: half the
// database's CPU per message, a fifth less of this process's). A lone client never waits.
//
// Each caller's promise settles only after the statement that holds its rows committed (the
// SMTP relay answers 250 then). A group that is refused as a whole (a From domain not verified,
// credits short, any error) is stored again one accept at a time in arrival order, so each
// caller gets the answer it would have had alone.

/** Emails in one group statement at most (the jsonb parameter and the statement stay bounded). */
const MAX_GROUP_EMAILS = 500;
/** Statements of one account at once when no relay session of it is active. */
const MAX_IN_FLIGHT = 2;
/** How long a statement may wait for the accepts of the account's other recently active sources. */
const GATHER_MS = 3;
/**
 * A source that sent an accept within this many ms (and has not ended, see endAcceptSource) is
 * expected to send another soon: long enough for a client across the internet, whose next
 * message is a few round trips away.
 */
const ACTIVE_MS = 1000;

interface Waiting {
  input: StoreAcceptedEmails;
  source?: string;
  /** performance.now() when it was queued. */
  at: number;
  resolve: (result: StoreResult) => void;
  reject: (error: unknown) => void;
}

interface Line {
  inFlight: number;
  queue: Waiting[];
  /** Each source's last accept (performance.now()). */
  sources: Map<string, number>;
  /** Wakes a statement waiting for more accepts. */
  arrived?: () => void;
}

// On globalThis: Next's route bundles share one process and must share the lines.
const g = globalThis as unknown as { __mailwrightAcceptLines?: Map<string, Line>; __mailwrightAcceptGroups?: GroupCommitStats };
const lines = (g.__mailwrightAcceptLines ??= new Map());
const stats = (g.__mailwrightAcceptGroups ??= {
  statements: 0,
  grouped: 0,
  largest: 0,
  fallbacks: 0,
  accepts: 0,
  waitMs: 0,
  gathers: 0,
  gatherMs: 0,
  statementMs: 0,
});

export interface GroupCommitStats {
  /** Statements run through the group commit. */
  statements: number;
  /** Accepts that were stored in a statement together with others. */
  grouped: number;
  largest: number;
  /** Groups refused as a whole and stored again one by one. */
  fallbacks: number;
  /** Accepts stored (or refused) through the group commit. */
  accepts: number;
  /** Wall time the accepts waited in line before their statement started, summed over accepts. */
  waitMs: number;
  /** Statements that waited for the accepts of the account's other active sources (GATHER_MS). */
  gathers: number;
  /** Wall time those statements waited, summed. */
  gatherMs: number;
  /** Wall time of the statements, each counted once (its commit included). */
  statementMs: number;
}

/** Counters of this process (for the bench and tests). */
export function groupCommitStats(): GroupCommitStats {
  return { ...stats };
}

/**
 * storeAcceptedEmails through the account's group commit. An accept with an Idempotency-Key
 * claim goes alone (its response is saved in the same statement, for that key only). `source`
 * names where a stream of accepts comes from (an SMTP session), see GATHER_MS.
 */
export function storeAcceptedEmailsGrouped(input: StoreAcceptedEmails, source?: string): Promise<StoreResult> {
  if (input.idempotency) return storeAcceptedEmails(input);
  return new Promise<StoreResult>((resolve, reject) => {
    let line = lines.get(input.accountId);
    if (!line) lines.set(input.accountId, (line = { inFlight: 0, queue: [], sources: new Map() }));
    const at = performance.now();
    line.queue.push({ input, source, at, resolve, reject });
    if (source) line.sources.set(source, at);
    if (line.inFlight) line.arrived?.();
    if (line.inFlight < (activeSources(line) ? 1 : MAX_IN_FLIGHT)) void drain(input.accountId, line);
    if (at - lastSweep > ACTIVE_MS) sweep(at);
  });
}

/** The source (an SMTP session that closed) sends nothing more: no statement waits for it. */
export function endAcceptSource(source: string) {
  for (const line of lines.values()) line.sources.delete(source);
}

// A line outlives its queue while its sources are active (they are what a statement waits
// for); idle ones are dropped here, at most once per ACTIVE_MS.
let lastSweep = 0;
function sweep(now: number) {
  lastSweep = now;
  for (const [accountId, line] of lines) if (!line.inFlight && !line.queue.length && !activeSources(line)) lines.delete(accountId);
}

async function drain(accountId: string, line: Line) {
  line.inFlight += 1;
  try {
    while (line.queue.length) {
      await gather(line);
      // The other statement in flight may have taken them meanwhile.
      if (line.queue.length) await commit(take(line.queue));
    }
  } finally {
    line.inFlight -= 1;
    if (!line.inFlight && !line.queue.length && !activeSources(line) && lines.get(accountId) === line) lines.delete(accountId);
  }
}

/** Waits (at most GATHER_MS after the oldest arrived) until every recently active source has an accept queued. */
async function gather(line: Line) {
  const started = performance.now();
  const deadline = line.queue[0].at + GATHER_MS;
  let waited = false;
  while (queuedSources(line) < activeSources(line) && performance.now() < deadline) {
    waited = true;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(wake, Math.max(0, deadline - performance.now()));
      function wake() {
        clearTimeout(timer);
        line.arrived = undefined;
        resolve();
      }
      line.arrived = wake;
    });
  }
  if (!waited) return;
  stats.gathers += 1;
  stats.gatherMs += performance.now() - started;
}

function queuedSources(line: Line): number {
  return new Set(line.queue.map((w) => w.source).filter(Boolean)).size;
}

/** Sources that sent an accept within ACTIVE_MS (older ones are forgotten). */
function activeSources(line: Line): number {
  const since = performance.now() - ACTIVE_MS;
  for (const [source, at] of line.sources) if (at < since) line.sources.delete(source);
  return line.sources.size;
}

/** The oldest waiting accepts, up to MAX_GROUP_EMAILS emails (at least one accept). */
function take(queue: Waiting[]): Waiting[] {
  let emails = queue[0].input.emails.length;
  let n = 1;
  while (n < queue.length && emails + queue[n].input.emails.length <= MAX_GROUP_EMAILS) emails += queue[n++].input.emails.length;
  return queue.splice(0, n);
}

async function commit(group: Waiting[]) {
  const started = performance.now();
  stats.statements += 1;
  stats.accepts += group.length;
  for (const w of group) stats.waitMs += started - w.at;
  try {
    await store(group);
  } finally {
    stats.statementMs += performance.now() - started;
  }
}

async function store(group: Waiting[]) {
  if (group.length > 1) {
    stats.grouped += group.length;
    stats.largest = Math.max(stats.largest, group.length);
    // The group's single emails due now share delivery jobs; the accepts keep their own jobs
    // until the statement that holds the merged ones has committed (a refused group is stored
    // again one accept at a time, with them), and the callers announce what was stored.
    const jobs = await mergeSendJobs(group.map((w) => w.input)).catch(() => group.map((w) => w.input.jobs));
    const stored = await storeAcceptedGroup(group.map((w, i) => ({ ...w.input, jobs: jobs[i] }))).catch(() => null);
    if (stored === "stored") {
      group.forEach((w, i) => {
        w.input.jobs = jobs[i];
        w.resolve("stored");
      });
      return;
    }
    stats.fallbacks += 1;
  }
  for (const w of group) {
    await storeAcceptedEmails(w.input).then(w.resolve, w.reject);
  }
}
