import { isDatabaseUnavailable } from "./database-unavailable";

/**
 * Runs `write` again while the database is unreachable (a restart, terminated connections), up
 * to `maxMs`, backing off from 250 ms to 2 s. For a write whose loss would cost more than the
 * wait: the outcome of a message the receiver already accepted, which, lost, would send the
 * message again. `write` must be idempotent: an attempt whose COMMIT landed before the
 * connection died is run again.
 */
export async function retryWhileDatabaseUnavailable<T>(write: () => Promise<T>, options: { maxMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (options.maxMs ?? 30_000);
  for (let delay = 250; ; delay = Math.min(delay * 2, 2000)) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
