import { test, expect, signIn } from "./fixtures";
import { publishRecords, type DnsRecord } from "./dns";

test("[DOMAINS]: add a domain, see its records, publish them and verify it", async ({ page, account, dns }) => {
  await signIn(page, account);
  await page.goto("/domains");
  await page.getByRole("button", { name: "Add domain" }).first().click();
  const name = `shop-${Date.now()}.example`;
  // Pasted as an address, upper case, with the trailing dot of a fully qualified name: the
  // dialog keeps the host, the server its canonical form.
  await page.getByRole("textbox", { name: "Domain" }).fill(`https://${name.toUpperCase()}./welcome`);
  await page.getByRole("dialog").getByRole("button", { name: "Add domain" }).click();

  await expect(page).toHaveURL(/\/domains\/dom_/);
  await expect(page.getByText(`send.${name}`).first()).toBeVisible();
  await expect(page.getByText("Unverified").first()).toBeVisible();
  // On this machine (local mode) an unverified domain sends already, and the page says so.
  const localNote = page.getByRole("status").filter({ hasText: "Local mode: send from this domain now" });
  await expect(localNote).toBeVisible();

  // Nothing published yet: the check fails and says why.
  await page.getByRole("button", { name: "Verify now" }).click();
  await expect(page.getByRole("button", { name: "Verify now" })).toBeEnabled();
  await expect(page.getByText("Unverified").first()).toBeVisible();

  const id = page.url().split("/").pop()!;
  const domain = (await (await page.request.get(`/api/v1/domains/${id}`)).json()) as { records: DnsRecord[] };
  await publishRecords(dns, domain.records);

  await page.getByRole("button", { name: "Verify now" }).click();
  await expect(page.getByText("Verified", { exact: true }).first()).toBeVisible();
  await expect(localNote).toHaveCount(0);
  await page.goto("/domains");
  await expect(page.getByRole("row", { name: new RegExp(name) }).getByText("Verified", { exact: true })).toBeVisible();
});
