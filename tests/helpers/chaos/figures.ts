import { appendFileSync } from "node:fs";

// What `npm run chaos` prints per fault: lost, twice and stuck must be 0.
export interface ChaosFigures {
  fault: string;
  accepted: number;
  delivered: number;
  deliveredTwice: number;
  lost: number;
  stuck: number;
  answered5xx: number;
  /** The longest time the API answered nothing but 503 (or nothing), in ms. */
  longestUnavailableMs: number;
  notes?: string;
}

/** True for the long form (`npm run chaos`): the full sizes instead of the short ones. */
export const chaosLong = () => process.env.CHAOS_LONG === "1";

export function reportFigures(figures: ChaosFigures) {
  if (process.env.CHAOS_REPORT_FILE) appendFileSync(process.env.CHAOS_REPORT_FILE, JSON.stringify(figures) + "\n");
  console.log(`[chaos] ${JSON.stringify(figures)}`);
}
