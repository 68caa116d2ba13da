import type { RecordEventBody } from "./schemas";
import { recordEvents, type EventToRecord, type RecordedEvent } from "./record-events";
import { recordPlainEvents } from "./record-plain-events";

/** Events of one account recorded in one transaction at most (a bound on its length and locks). */
const GROUP_MAX = 100;

interface Waiting {
  event: EventToRecord;
  resolve: (value: RecordedEvent) => void;
  reject: (error: unknown) => void;
}

/** Per account: the events waiting for the group being recorded to commit. */
const queues = new Map<string, Waiting[]>();

/**
 * POST /events and events.send: records one event as recordEvents describes (a 400 naming the
 * key its schema or a property type refuses). An event that arrives while the same account's
 * events are being recorded in this process waits for that transaction and goes in the next
 * group with the others that came meanwhile (a group commit): under load an account's events
 * cost a few statements a group instead of about ten each, and alone an event is recorded at
 * once. Plain events (no properties, an existing contact, no trigger or goal of that name) take
 * the short way of recordPlainEvents. A group holds one event per address; a second one for the
 * same contact waits for the next group, so a contact's events are recorded in the order they came.
 */
export function recordEvent(options: {
  accountId: string;
  input: RecordEventBody;
  payloadField?: EventToRecord["payloadField"];
}): Promise<RecordedEvent> {
  return new Promise((resolve, reject) => {
    const event = { input: options.input, payloadField: options.payloadField ?? "properties" };
    const queue = queues.get(options.accountId);
    if (queue) return void queue.push({ event, resolve, reject });
    const started: Waiting[] = [{ event, resolve, reject }];
    queues.set(options.accountId, started);
    void drain(options.accountId, started);
  });
}

/**
 * Records the account's queued events group by group until none is left. A group whose recording
 * broke off unexpectedly refuses its events that have no outcome yet (a settled promise ignores
 * the refusal), so no caller is left waiting and the next group still goes.
 */
async function drain(accountId: string, queue: Waiting[]) {
  while (queue.length) {
    const group = takeGroup(queue);
    await recordGroup(accountId, group).catch((error: unknown) => group.forEach((waiting) => waiting.reject(error)));
  }
  queues.delete(accountId);
}

/** The first GROUP_MAX events of the queue with distinct addresses; the others keep their places. */
function takeGroup(queue: Waiting[]): Waiting[] {
  const group: Waiting[] = [];
  const emails = new Set<string>();
  let kept = 0;
  for (const waiting of queue) {
    if (group.length < GROUP_MAX && !emails.has(waiting.event.input.email)) {
      group.push(waiting);
      emails.add(waiting.event.input.email);
    } else {
      queue[kept++] = waiting;
    }
  }
  queue.length = kept;
  return group;
}

/**
 * The group's plain events first (recordPlainEvents: the common case, in a few statements),
 * then the others in one transaction (recordEvents), each event with its own outcome. A group
 * that fails as a whole (a lost connection, a deadlock with another writer) is recorded again
 * one event at a time, so an event fails only for its own reason.
 */
async function recordGroup(accountId: string, group: Waiting[]): Promise<void> {
  let plain: (RecordedEvent | null)[];
  try {
    plain = await recordPlainEvents(
      accountId,
      group.map((waiting) => waiting.event),
    );
  } catch {
    // Rolled back: nothing of it was stored, and the general path records them all.
    plain = group.map(() => null);
  }
  group.forEach((waiting, i) => plain[i] && waiting.resolve(plain[i]));
  await recordOthers(
    accountId,
    group.filter((_, i) => !plain[i]),
  );
}

async function recordOthers(accountId: string, group: Waiting[]): Promise<void> {
  if (!group.length) return;
  let outcomes;
  try {
    outcomes = await recordEvents(
      accountId,
      group.map((waiting) => waiting.event),
    );
  } catch (error) {
    if (group.length === 1) return group[0].reject(error);
    for (const waiting of group) await recordOthers(accountId, [waiting]);
    return;
  }
  outcomes.forEach((outcome, i) => (outcome.ok ? group[i].resolve(outcome.value) : group[i].reject(outcome.error)));
}
