import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_21_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe on the page as it is now (WCAG 2.1 A and AA rules) and fails on any serious or
 * critical violation, naming each rule with the first offending elements. `soft` records the
 * failure and goes on, so one run reports every page.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { soft?: boolean } = {}) {
  // Iframes hold the user's own email HTML (sandboxed, no scripts, so axe cannot run in them and
  // waits on them forever): the dashboard around them is what is checked.
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_A_AA).exclude("iframe").analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map((v) => {
    const targets = v.nodes.slice(0, 5).map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").join(" ")}`);
    return `${v.impact} ${v.id} (${v.help}) on ${page.url()}\n${targets.join("\n")}`;
  });
  (options.soft ? expect.soft : expect)(report, report.join("\n\n")).toEqual([]);
}
