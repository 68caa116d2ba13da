import { getDb } from "@/lib/db/client";
import { getAutomationOrThrow } from "../get-automation-or-throw";
import { runTotalsSql, stepCountsSql, variantCountsSql, waitingCountsSql } from "./journey-step-counts-sql";

const rate = (n: number, d: number) => (d ? Math.round((n / d) * 10_000) / 10_000 : 0);

/**
 * GET /automations/:id/step-counts: a journey's live view. Per step (by key) the runs waiting
 * there now and those that passed it, with the paths taken: a condition's `condition_met` and
 * `condition_not_met`, a wait's `event_received` and `timeout`, a split's runs per variant;
 * with, per path, the runs on it that met the goal and their share of the path's runs (the
 * A/B report of a split); and the runs in all, active and converted, with the conversion rate. A linear
 * automation's runs record no steps by key: its counts are only the totals.
 * 404 for another account's automation.
 */
export async function getJourneyStepCounts(options: { accountId: string; automationId: string }) {
  const { accountId, automationId } = options;
  await getAutomationOrThrow({ accountId, id: automationId });
  const db = getDb();
  const p = { accountId, automationId };
  const [steps, variants, waiting, runs] = await Promise.all([
    stepCountsSql(db, p),
    variantCountsSql(db, p),
    waitingCountsSql(db, p),
    runTotalsSql(db, p),
  ]);
  const keys = new Set([...steps.map((s) => s.key), ...waiting.map((w) => w.key)]);
  const waitingAt = new Map(waiting.map((w) => [w.key, w.runs]));
  const passed = new Map(steps.map((s) => [s.key, s]));
  return {
    runs: { ...runs, conversionRate: rate(runs.converted, runs.total) },
    steps: [...keys].sort().map((key) => {
      const s = passed.get(key);
      const paths: Record<string, number> = {};
      const conversions: Record<string, { converted: number; conversionRate: number }> = {};
      const path = (name: string, runs: number, converted: number) => {
        paths[name] = runs;
        conversions[name] = { converted, conversionRate: rate(converted, runs) };
      };
      if (s?.met || s?.notMet) {
        path("condition_met", s.met, s.metConverted);
        path("condition_not_met", s.notMet, s.notMetConverted);
      }
      if (s?.received || s?.timedOut) {
        path("event_received", s.received, s.receivedConverted);
        path("timeout", s.timedOut, s.timedOutConverted);
      }
      for (const v of variants.filter((v) => v.key === key)) path(`variant:${v.variant}`, v.runs, v.converted);
      return { key, waiting: waitingAt.get(key) ?? 0, passed: s?.passed ?? 0, paths, conversions };
    }),
  };
}
