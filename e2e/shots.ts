import path from "node:path";
import type { Page } from "@playwright/test";

/** A full-page screenshot into SCREENSHOT_DIR when it is set (for reviewing the UI); nothing otherwise. */
export async function shotIfAsked(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
