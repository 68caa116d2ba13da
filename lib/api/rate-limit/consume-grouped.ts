// Group counting: with a shared store every request was a round trip (an upsert of
// its key's row), as many as the sends themselves. Requests of one key that arrive while that
// key's count is in flight wait and are then counted together: ONE consume of n points, whose
// total says which of them fit, in arrival order, exactly as n consumes of one point one after
// another would have (each consume counts its points, allowed or not; past the steady limit,
// each goes on to the burst allowance). So the limit stays exact across processes, and a busy
// key costs one round trip per group. An HTTP request never waits on a timer; the SMTP relay
// passes `gather` (see relay-server.ts): a count that finds the line idle waits, at most
// `gather.maxMs`, until `gather.expected` requests of the key are in line (its other sessions'
// MAIL FROMs, which the group commit's answers send at about the same time).
//
// Nothing here knows the store: a Counter is any count of points per key (rate-limit-store.ts
// makes them from the configured store).

/** A count of points per key in a window: `consume` counts `points` and answers the window's total, allowed or not. */
export interface Counter {
  points: number;
  consume(key: string, points: number): Promise<{ consumedPoints: number; msBeforeNext: number }>;
}

/** The per-key API limit: `steady` a second, and past it what is left of the burst allowance. */
export interface GroupedLimit {
  steady: Counter;
  burst: Counter;
}

/** How long, and for how many of the key's requests, a count that finds the line idle waits. */
export interface Gather {
  expected: number;
  maxMs: number;
}

export interface Outcome {
  allowed: boolean;
  remaining: number;
  msBeforeNext: number;
}

interface Waiting {
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

interface Line {
  busy: boolean;
  queue: Waiting[];
  /** Wakes a count that waits for more requests (see Gather). */
  arrived?: () => void;
}

/** Requests of one key counted in one consume at most (the count's points stay small). */
const MAX_GROUP = 1000;
// On globalThis: Next's route bundles share one process and must share the lines.
const g = globalThis as unknown as { __mailwrightLimitLines?: Map<string, Line> };
const lines = (g.__mailwrightLimitLines ??= new Map());

/**
 * Counts one request of `key` against `limit`, together with the key's other requests in line
 * (`lineKey` names the line: the key under one limit). Resolves with this request's outcome.
 */
export function consumeGrouped(limit: GroupedLimit, lineKey: string, key: string, gather?: Gather): Promise<Outcome> {
  return new Promise<Outcome>((resolve, reject) => {
    let line = lines.get(lineKey);
    if (!line) lines.set(lineKey, (line = { busy: false, queue: [] }));
    line.queue.push({ resolve, reject });
    if (!line.busy) void drain(limit, lineKey, key, line, gather);
    else line.arrived?.();
  });
}

/** Waits (the line busy meanwhile) until `expected` requests are in line, at most `maxMs`. */
function gathered(line: Line, { expected, maxMs }: Gather): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      line.arrived = undefined;
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    line.arrived = () => line.queue.length >= expected && done();
    line.arrived();
  });
}

async function drain(limit: GroupedLimit, lineKey: string, key: string, line: Line, gather?: Gather) {
  line.busy = true;
  try {
    if (gather && gather.expected > line.queue.length) await gathered(line, gather);
    while (line.queue.length) {
      const group = line.queue.splice(0, MAX_GROUP);
      try {
        const outcomes = await consumeTogether(limit, key, group.length);
        group.forEach((w, i) => w.resolve(outcomes[i]));
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
  } finally {
    line.busy = false;
    if (!line.queue.length && lines.get(lineKey) === line) lines.delete(lineKey);
  }
}

/** n requests of one key counted at once: the outcome of each, in arrival order. */
export async function consumeTogether(limit: GroupedLimit, key: string, n: number): Promise<Outcome[]> {
  const steady = await limit.steady.consume(key, n);
  const before = steady.consumedPoints - n;
  const outcomes: Outcome[] = [];
  // The i-th request is number before + i + 1 in the steady window.
  const withinSteady = Math.min(n, Math.max(limit.steady.points - before, 0));
  for (let i = 0; i < withinSteady; i++) {
    outcomes.push({ allowed: true, remaining: limit.steady.points - (before + i + 1), msBeforeNext: steady.msBeforeNext });
  }
  const over = n - withinSteady;
  if (!over) return outcomes;
  // Past the steady limit each request takes a point of the burst allowance, allowed or not.
  const burst = await limit.burst.consume(key, over);
  const burstBefore = burst.consumedPoints - over;
  const msBeforeNext = Math.min(steady.msBeforeNext, burst.msBeforeNext);
  for (let i = 0; i < over; i++) {
    outcomes.push({ allowed: burstBefore + i + 1 <= limit.burst.points, remaining: 0, msBeforeNext });
  }
  return outcomes;
}
