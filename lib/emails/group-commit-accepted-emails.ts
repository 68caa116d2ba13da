import { storeAcceptedEmails, storeAcceptedGroup, type StoreAcceptedEmails, type StoreResult } from "./store-accepted-emails";

// Group commit for the accept path (issue #13): every accept of an account ends in the same
// UPDATE of its Account row (the debit), so concurrent accepts of one account queue on that row
// lock and each pays its own commit. Here at most MAX_IN_FLIGHT statements per account run at
// once from this process; accepts that arrive meanwhile wait and then go together in ONE
// statement (store-accepted-emails.ts), so a busy account pays one round trip and one commit
// per group instead of per email. Nothing waits on a timer: an accept that finds a free slot is
// stored at once, as before. Each caller's promise settles only after the statement that holds
// its rows committed (the SMTP relay answers 250 then). A group that is refused as a whole (a
// From domain not verified, credits short, any error) is stored again one accept at a time in
// arrival order, so each caller gets the answer it would have had alone.

const MAX_IN_FLIGHT = 2;
/** Emails in one group statement at most (the jsonb parameter and the statement stay bounded). */
const MAX_GROUP_EMAILS = 500;

interface Waiting {
  input: StoreAcceptedEmails;
  resolve: (result: StoreResult) => void;
  reject: (error: unknown) => void;
}

interface Line {
  inFlight: number;
  queue: Waiting[];
}

// On globalThis: Next's route bundles share one process and must share the lines.
const g = globalThis as unknown as { __mailwrightAcceptLines?: Map<string, Line>; __mailwrightAcceptGroups?: GroupCommitStats };
const lines = (g.__mailwrightAcceptLines ??= new Map());
const stats = (g.__mailwrightAcceptGroups ??= { statements: 0, grouped: 0, largest: 0, fallbacks: 0 });

export interface GroupCommitStats {
  /** Statements run through the group commit. */
  statements: number;
  /** Accepts that were stored in a statement together with others. */
  grouped: number;
  largest: number;
  /** Groups refused as a whole and stored again one by one. */
  fallbacks: number;
}

/** Counters of this process (for the bench and tests). */
export function groupCommitStats(): GroupCommitStats {
  return { ...stats };
}

/**
 * storeAcceptedEmails through the account's group commit. An accept with an Idempotency-Key
 * claim goes alone (its response is saved in the same statement, for that key only).
 */
export function storeAcceptedEmailsGrouped(input: StoreAcceptedEmails): Promise<StoreResult> {
  if (input.idempotency) return storeAcceptedEmails(input);
  return new Promise<StoreResult>((resolve, reject) => {
    let line = lines.get(input.accountId);
    if (!line) lines.set(input.accountId, (line = { inFlight: 0, queue: [] }));
    line.queue.push({ input, resolve, reject });
    if (line.inFlight < MAX_IN_FLIGHT) void drain(input.accountId, line);
  });
}

async function drain(accountId: string, line: Line) {
  line.inFlight += 1;
  try {
    while (line.queue.length) await commit(take(line.queue));
  } finally {
    line.inFlight -= 1;
    if (!line.inFlight && !line.queue.length && lines.get(accountId) === line) lines.delete(accountId);
  }
}

/** The oldest waiting accepts, up to MAX_GROUP_EMAILS emails (at least one accept). */
function take(queue: Waiting[]): Waiting[] {
  let emails = queue[0].input.emails.length;
  let n = 1;
  while (n < queue.length && emails + queue[n].input.emails.length <= MAX_GROUP_EMAILS) emails += queue[n++].input.emails.length;
  return queue.splice(0, n);
}

async function commit(group: Waiting[]) {
  stats.statements += 1;
  if (group.length > 1) {
    stats.grouped += group.length;
    stats.largest = Math.max(stats.largest, group.length);
    const stored = await storeAcceptedGroup(group.map((w) => w.input)).catch(() => null);
    if (stored === "stored") {
      for (const w of group) w.resolve("stored");
      return;
    }
    stats.fallbacks += 1;
  }
  for (const w of group) {
    await storeAcceptedEmails(w.input).then(w.resolve, w.reject);
  }
}
