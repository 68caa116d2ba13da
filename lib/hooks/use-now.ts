import { useEffect, useState } from "react";

// Re-read often enough that a record made since the last tick still reads "just now", never
// "in 1 minute" (formatRelative rounds anything under a minute to "just now").
const TICK_MS = 15_000;

/**
 * The browser's current time for relative dates ("5 minutes ago"), kept in state so a render
 * stays pure (react-hooks/purity) and refreshed every 15 s so the labels keep moving.
 */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
