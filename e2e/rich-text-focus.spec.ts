import { expect, signIn, test } from "./fixtures";

// A busy browser draws frames late. Keys typed the moment an insert dialog closes must still
// land in the text, after what was inserted: the text takes the focus and its caret back at
// once, not on the next animation frame. Frames are made late here by delaying every
// requestAnimationFrame callback.
test("[TEMPLATES]: keys typed right after inserting a variable or a link stay in the text, even when the browser's frames lag", async ({
  page,
  account,
}) => {
  await signIn(page, account);
  await page.goto("/templates/new");
  const editor = page.getByTestId("design-editor");
  await expect(editor).toBeVisible();
  await page.evaluate(() => {
    const nextFrame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => window.setTimeout(() => nextFrame(callback), 1_000);
  });

  await editor.getByRole("button", { name: "Add text" }).click();
  const text = editor.getByRole("region", { name: "Text block" }).last().getByRole("textbox", { name: "Text" });
  await text.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type("Hello ");

  await editor.getByRole("region", { name: "Text block" }).last().getByRole("button", { name: "Insert variable" }).click();
  const variableDialog = page.getByRole("dialog", { name: "Insert variable" });
  await variableDialog.getByLabel("Variable").fill("first_name");
  await variableDialog.getByLabel("Fallback").fill("friend");
  await variableDialog.getByLabel("Fallback").press("Enter");
  await expect(variableDialog).toBeHidden();
  await page.keyboard.type(", see ");
  await expect(text).toHaveText("Hello first_name · friend, see ");

  await page.keyboard.press("ControlOrMeta+k");
  const linkDialog = page.getByRole("dialog", { name: "Link" });
  await linkDialog.getByLabel("Address").fill("https://example.com/spring");
  await linkDialog.getByLabel("Address").press("Enter");
  await expect(linkDialog).toBeHidden();
  await page.keyboard.type(" today");
  await expect(text).toHaveText("Hello first_name · friend, see https://example.com/spring today");
  await expect(text.getByRole("link")).toHaveText("https://example.com/spring");
});
