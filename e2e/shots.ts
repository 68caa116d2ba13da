import path from "node:path";
import type { Page } from "@playwright/test";

/** A full-page screenshot into SCREENSHOT_DIR when it is set (for reviewing the UI); nothing otherwise. */
export async function shotIfAsked(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** With SCREENSHOT_DIR set: the page at 1366 and at 390 px wide (a phone), back to `restore` after. */
export async function shotsAtBothWidths(page: Page, name: string, restore = { width: 1280, height: 800 }) {
  if (!process.env.SCREENSHOT_DIR) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shotIfAsked(page, `${name}-${width}`);
  }
  await page.setViewportSize(restore);
}
