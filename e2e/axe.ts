import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const WCAG_21_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe on the page as it is now (WCAG 2.1 A and AA rules) and fails on any serious or
 * critical violation, naming each rule with the first offending elements. `soft` records the
 * failure and goes on, so one run reports every page.
 *
 * axe runs in the page itself, once: injected through the debugging protocol (which the page's
 * CSP does not apply to), asked for violations only, and only the serious ones come back. Running
 * it frame by frame and finishing in a blank page of its own, as @axe-core/playwright does, cost
 * about 2 s of browser CPU a page against 0.8 s here; the e2e tier checks every page it visits.
 *
 * With axe-core 4.14, label-content-name-mismatch (WCAG 2.5.3, label in name) runs too: a
 * button's accessible name must hold its visible text.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { soft?: boolean } = {}) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  // A dialog still fading in has its text at a blend of its colour and the backdrop's: the
  // contrast is checked once finite transitions and animations are over (at most 2 s).
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  // Iframes hold the user's own email HTML (sandboxed, no scripts, so axe cannot run in them and
  // waits on them forever): the dashboard around them is what is checked.
  const report = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const results = await axe.run({ exclude: [["iframe"]] }, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => {
        const targets = v.nodes.slice(0, 5).map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").join(" ")}`);
        return `${v.impact} ${v.id} (${v.help}) on ${location.href}\n${targets.join("\n")}`;
      });
  }, WCAG_21_A_AA);
  (options.soft ? expect.soft : expect)(report, report.join("\n\n")).toEqual([]);
}
