import { useState } from "react";

/**
 * For a live preview: while the current attempt has an error, the last attempt that rendered
 * stays up beside the error. Kept from an earlier render the way React documents it (state set
 * while rendering, only on a change), so the render stays pure.
 */
export function useLastGood<T extends { error: string | null }>(attempt: T, empty: T): T {
  const [lastGood, setLastGood] = useState(empty);
  if (!attempt.error && attempt !== lastGood) setLastGood(attempt);
  return attempt.error ? { ...lastGood, error: attempt.error } : attempt;
}
