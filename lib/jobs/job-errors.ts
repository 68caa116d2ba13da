/** Thrown by a handler (or the runner) for an error no retry can fix: the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

const MAX_ERROR_LENGTH = 4000;

/** The text kept in Job.lastError. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

/**
 * Thrown by a handler that cannot start yet for a reason that is not a failure (another worker
 * holds what it needs): the row goes back to pending `delayMs` from now and the try is not
 * counted against its attempts.
 */
export class JobDeferredError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
    this.name = "JobDeferredError";
  }
}
