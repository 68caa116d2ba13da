// One-off: run the app against a loopback DNS server and screenshot the domains pages.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startDnsServer } from "./tests/helpers/dns-server";

const PORT = 3917;
const base = `http://127.0.0.1:${PORT}`;
const out = process.env.SHOT_DIR ?? "/tmp/mw-domains-shots";
const dns = await startDnsServer();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "mw-domains-data-"));
const app = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: "1000", LOG_LEVEL: "warn", APP_URL: base },
  stdio: ["ignore", "inherit", "inherit"],
});
console.log("app pid", app.pid);
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 300) throw new Error("app did not start");
    await new Promise((r) => setTimeout(r, 1000));
  }
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const email = `shot-${Date.now()}@example.com`;
  const signup = await page.request.post(`${base}/api/signup`, { data: { name: "Shot", email, password: "correct-horse-battery" } });
  console.log("signup", signup.status());
  await page.goto(`${base}/login`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-battery");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/dashboard$/);

  await page.goto(`${base}/domains`);
  await page.getByRole("heading", { name: "No domains yet" }).waitFor();
  await page.screenshot({ path: `${out}/01-domains-empty.png`, fullPage: true });
  await page.getByRole("button", { name: "Add domain" }).first().click();
  await page.getByRole("textbox", { name: "Domain" }).fill("http://bad");
  await page.getByRole("button", { name: "Add domain" }).last().click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/02-add-invalid.png`, fullPage: true });
  await page.getByRole("textbox", { name: "Domain" }).fill("Mail.Example.COM.");
  await page.getByRole("button", { name: "Add domain" }).last().click();
  await page.waitForURL(/\/domains\/dom_/);
  await page.getByRole("heading", { name: "DNS records" }).waitFor();
  await page.screenshot({ path: `${out}/03-detail-new.png`, fullPage: true });

  const id = page.url().split("/").pop()!;
  const domain = await (await page.request.get(`${base}/api/v1/domains/${id}`)).json();
  const rec = (p: string) => domain.records.find((r: { purpose: string }) => r.purpose === p);
  dns.mx(rec("bounce MX").name, { exchange: rec("bounce MX").value, priority: 10 });
  dns.txt(rec("SPF").name, "v=spf1 include:spf.mailwright.local include:_spf.google.com ~all");
  dns.txt(rec("DKIM").name, rec("DKIM").value.slice(0, 200));
  await page.getByRole("button", { name: "Verify now" }).click();
  await page.getByText("SPF and MX records found").waitFor();
  await page.screenshot({ path: `${out}/04-detail-verified.png`, fullPage: true });

  await page.goto(`${base}/domains`);
  await page.getByRole("link", { name: "mail.example.com" }).waitFor();
  await page.screenshot({ path: `${out}/05-domains-list.png`, fullPage: true });
  await page.setViewportSize({ width: 420, height: 900 });
  await page.goto(`${base}/domains/${id}`);
  await page.getByRole("heading", { name: "DNS records" }).waitFor();
  await page.screenshot({ path: `${out}/06-detail-mobile.png`, fullPage: true });
  await browser.close();
} finally {
  app.kill("SIGTERM");
  await new Promise((r) => app.once("exit", r));
  await dns.close();
}
