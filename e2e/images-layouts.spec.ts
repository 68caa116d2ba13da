import path from "node:path";
import { deflateSync } from "node:zlib";
import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

/**
 * With SCREENSHOT_DIR set: the viewport at 1366 and 390 px with `target` scrolled into view
 * (Chromium paints an iframe only once it has been on screen, so a full-page shot of a preview
 * below the fold shows it blank).
 */
async function shotsOf(page: Page, name: string, target: Locator) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await target.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// A solid PNG of the given size, built by hand (no image library in the browser tier).
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([29, 78, 216]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("[TEMPLATES]: edit the default email layout with its live preview, and upload an image into the visual editor", async ({
  page,
  account,
}) => {
  test.setTimeout(120_000);
  await signIn(page, account);

  // The layout made at sign-up, edited in Settings; the preview follows the fields.
  await page.goto("/settings#layout");
  const form = page.getByRole("form", { name: "Default layout" });
  await expect(form).toBeVisible();
  await form.getByLabel("Header text").fill("Acme Weekly");
  await form.getByLabel("Footer text").fill("You get this because you joined Acme.");
  await form.getByLabel("Postal address").fill("1 Main Street\nSpringfield");
  await form.getByLabel("Brand colour", { exact: true }).fill("#0f766e");
  await form.getByLabel("Font").selectOption("georgia");
  const preview = page.frameLocator('iframe[title="Layout preview"]');
  await expect(preview.getByText("Acme Weekly")).toBeVisible();
  await expect(preview.getByText("1 Main Street")).toBeVisible();
  await form.getByRole("button", { name: "Save layout" }).click();
  await expect(form.getByRole("status")).toContainText("Saved");
  const layouts = await (await page.request.get("/api/v1/layouts")).json();
  expect(layouts.data[0]).toMatchObject({ isDefault: true, headerText: "Acme Weekly", brandColor: "#0f766e", font: "georgia" });
  await shotsOf(page, "images-layout", page.locator('iframe[title="Layout preview"]'));

  // The image block's upload: a wide PNG is stored 1200 px wide and its public address inserted.
  await page.goto("/templates/new");
  const editor = page.getByTestId("design-editor");
  await expect(editor).toBeVisible();
  await editor.getByRole("button", { name: "Add image" }).click();
  const block = editor.getByRole("region", { name: "Image block" });
  await block.getByTestId("image-upload-input").setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: png(1600, 400) });
  const address = block.getByLabel("Image address");
  await expect(address).toHaveValue(/\/i\/img_[0-9A-Za-z]+\.png$/);
  const served = await page.request.get(await address.inputValue());
  expect(served.status()).toBe(200);
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  // Not an image, whatever its name: the server's reason is shown under the button.
  await block
    .getByTestId("image-upload-input")
    .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("<html>not an image</html>") });
  await expect(block.getByRole("alert")).toContainText("The content is not a PNG, JPEG, GIF or WebP image");
  await shotsOf(page, "images-editor-upload", block);
});
