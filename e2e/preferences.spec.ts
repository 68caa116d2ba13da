import { expect, signIn, test, uniqueEmail } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { inboxFor, inboxHtml } from "./inbox";
import { shotsAtBothWidths } from "./shots";

test("[PREFERENCES]: create topics in Settings, send a broadcast on a topic, and switch topics on the preference page without JavaScript", async ({
  page,
  browser,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const headers = { origin: baseURL! };
  await signIn(page, account);
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);

  // Settings: two topics, one renamed.
  await page.goto("/settings#topics");
  const section = page.getByRole("region", { name: "Topics" });
  await expect(section.getByText("No topics yet")).toBeVisible();
  await section.getByRole("button", { name: "New topic" }).click();
  let dialog = page.getByRole("dialog", { name: "New topic" });
  await dialog.getByLabel("Name").fill("Product news");
  await dialog.getByLabel("Description").fill("New features, once a month");
  await dialog.getByRole("button", { name: "Create topic" }).click();
  await expect(section.getByText("Product news")).toBeVisible();
  await section.getByRole("button", { name: "New topic" }).click();
  dialog = page.getByRole("dialog", { name: "New topic" });
  await dialog.getByLabel("Name").fill("Weekly tips");
  await dialog.getByLabel("Contacts who never chose").selectOption("opt_out");
  await dialog.getByRole("button", { name: "Create topic" }).click();
  await expect(section.getByText("Opt out by default")).toBeVisible();
  await section.getByRole("button", { name: "Edit Weekly tips" }).click();
  dialog = page.getByRole("dialog", { name: "Edit topic" });
  await dialog.getByLabel("Name").fill("Tips and tricks");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(section.getByText("Tips and tricks")).toBeVisible();
  await expect(section.getByText("Weekly tips")).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await shotsAtBothWidths(page, "settings-topics");

  // A broadcast on "Product news" to a list of one.
  const topics = (await (await page.request.get("/api/v1/topics")).json()) as { data: { id: string; name: string }[] };
  const news = topics.data.find((t) => t.name === "Product news")!;
  const tips = topics.data.find((t) => t.name === "Tips and tricks")!;
  const list = await page.request.post("/api/v1/lists", { data: { name: `Readers ${Date.now()}` }, headers });
  const listId = ((await list.json()) as { id: string }).id;
  const reader = uniqueEmail("reader");
  expect((await page.request.post(`/api/v1/lists/${listId}/contacts`, { data: { email: reader }, headers })).status()).toBe(201);
  const created = await page.request.post("/api/v1/broadcasts", {
    data: {
      name: "November news",
      from: `Acme <news@${domain}>`,
      subject: "What's new",
      html: '<p>News.</p><a href="{{{unsubscribe_url}}}">Manage preferences</a>',
      listId,
      topicId: news.id,
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const broadcastId = ((await created.json()) as { id: string }).id;
  expect((await page.request.post(`/api/v1/broadcasts/${broadcastId}/send`, { headers })).status()).toBe(202);
  await expect.poll(async () => (await inboxFor(page.request, reader)).length, { timeout: 60_000 }).toBe(1);
  const [message] = await inboxFor(page.request, reader);
  const link = /href="([^"]+)"[^>]*>Manage preferences/.exec(await inboxHtml(page.request, message.id))![1].replace(/&amp;/g, "&");

  // The reader's browser: no session, no JavaScript.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const readerPage = await context.newPage();
  await readerPage.goto(link);
  await expect(readerPage.getByRole("heading", { name: "Email preferences" })).toBeVisible();
  // The page names the address twice (the heading line and the unsubscribe card): the heading line here.
  await expect(readerPage.getByText(`Emails from E2E Tester to ${reader}.`)).toBeVisible();
  const newsSwitch = readerPage.getByRole("checkbox", { name: "Product news" });
  const tipsSwitch = readerPage.getByRole("checkbox", { name: "Tips and tricks" });
  await expect(newsSwitch).toBeChecked();
  await expect(tipsSwitch).not.toBeChecked();
  await shotsAtBothWidths(readerPage, "preference-page");

  await newsSwitch.uncheck();
  await tipsSwitch.check();
  await readerPage.getByRole("button", { name: "Save preferences" }).click();
  await expect(readerPage.getByText("Your preferences are saved.")).toBeVisible();
  await expect(readerPage.getByRole("checkbox", { name: "Product news" })).not.toBeChecked();
  await expect(readerPage.getByRole("checkbox", { name: "Tips and tricks" })).toBeChecked();
  await shotsAtBothWidths(readerPage, "preference-page-saved");
  const contactTopics = (await (await page.request.get(`/api/v1/contacts/${encodeURIComponent(reader)}/topics`)).json()) as {
    data: { id: string; subscription: string }[];
  };
  expect(contactTopics.data.map((t) => [t.id, t.subscription])).toEqual([
    [news.id, "opt_out"],
    [tips.id, "opt_in"],
  ]);

  await readerPage.getByRole("button", { name: "Unsubscribe from all emails" }).click();
  await expect(readerPage.getByText("You are unsubscribed", { exact: true })).toBeVisible();
  await context.close();
});
