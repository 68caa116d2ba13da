import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Clicks the builder's "Add a step at the end" as a person does: the canvas clips what lies past
 * its edges, so when the button is not wholly inside, the wheel over the canvas pans it (React
 * Flow's pan on scroll) until it is, and only then the pointer clicks it. A click on a clipped
 * button makes the browser scroll the canvas's overflow-hidden pane, and the click lands on
 * whatever the drawing put there instead.
 */
export async function addStepAtEnd(page: Page) {
  const button = page.getByRole("button", { name: "Add a step at the end" });
  const canvas = page.locator(".react-flow");
  await expect(button).toBeEnabled();
  await expect
    .poll(
      async () => {
        const [b, c] = [await button.boundingBox(), await canvas.boundingBox()];
        if (!b || !c) return false;
        const below = b.y + b.height - (c.y + c.height);
        const above = c.y - b.y;
        if (below <= -4 && above <= -4) return true;
        await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
        // Past the bottom edge: wheel down moves the drawing up; past the top: the other way.
        await page.mouse.wheel(0, below > -4 ? below + 40 : -(above + 40));
        return false;
      },
      { message: "the last add button comes wholly inside the canvas", intervals: [250] },
    )
    .toBe(true);
  await button.click();
}

/** Switches a step email's body from the visual editor to HTML code (after the confirmation), as a developer does. */
export async function editAsHtml(page: Page, scope: Locator) {
  await scope.getByRole("button", { name: "Edit as HTML" }).click();
  await page.getByRole("dialog", { name: "Edit this email as HTML?" }).getByRole("button", { name: "Switch to HTML" }).click();
  await expect(scope.getByLabel("Body (HTML)")).toBeVisible();
}
