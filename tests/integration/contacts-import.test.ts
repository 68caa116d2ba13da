import { describe, expect, it } from "vitest";
import { POST as importRoute } from "@/app/api/v1/contacts/import/route";
import { GET as importStatusRoute } from "@/app/api/v1/contacts/import/[id]/route";
import { GET as listContactsRoute } from "@/app/api/v1/contacts/route";
import { POST as createListRoute, GET as listListsRoute } from "@/app/api/v1/lists/route";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { runnableJobs } from "@/lib/jobs/handlers";
import { contactImportJob } from "@/lib/contacts/import-job";
import { runContactImport } from "@/lib/contacts/import-run";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { call, makeAccount } from "../helpers/api";

const path = "/api/v1/contacts/import";
const startImport = (key: string, body: unknown) => call(importRoute, { method: "POST", path, key, body });
const status = (key: string, id: string) => call(importStatusRoute, { path: `${path}/${id}`, key, params: { id } });

async function runImports() {
  for (let i = 0; i < 20; i++) {
    const outcomes = await runDueJobsOnce({ jobs: runnableJobs(contactImportJob), schedules: false });
    if (!outcomes.length) return;
  }
}

function generatedCsv(count: number, bad: Set<number>) {
  const lines = ["Email Address,Name,Plan,First Seen"];
  for (let i = 0; i < count; i++) {
    const email = bad.has(i) ? `not-an-email-${i}` : `user${i}@example.com`;
    lines.push(`${email},User ${i},${i % 2 ? "pro" : "free"},"2026-01-${String((i % 28) + 1).padStart(2, "0")}"`);
  }
  return lines.join("\n");
}

describe("contacts import", () => {
  it("imports 1,000 rows into a list, skipping bad rows, and re-imports as updates", async () => {
    const { key } = await makeAccount();
    const list = (await call(createListRoute, { method: "POST", path: "/api/v1/lists", key, body: { name: "Imported" } })).json;
    const bad = new Set([3, 250, 999]);
    const started = await startImport(key, { csv: generatedCsv(1000, bad), listId: list.id });
    expect(started.status).toBe(201);
    expect(started.json).toMatchObject({ status: "pending", processed: 0, listId: list.id });
    expect(started.json.id).toMatch(/^imp_/);

    await runImports();
    const done = await status(key, started.json.id);
    expect(done.json).toMatchObject({ status: "completed", total: 1000, processed: 1000, created: 997, updated: 0, skipped: 3 });
    expect(done.json.errors).toEqual([
      { row: 5, message: 'invalid email "not-an-email-3"' },
      { row: 252, message: 'invalid email "not-an-email-250"' },
      { row: 1001, message: 'invalid email "not-an-email-999"' },
    ]);
    expect(done.json.finishedAt).toMatch(/Z$/);

    const page = await call(listContactsRoute, { path: `/api/v1/contacts?list=${list.id}&email=user7@&limit=1`, key });
    expect(page.json.pagination.total).toBe(1);
    expect(page.json.data[0]).toMatchObject({
      email: "user7@example.com",
      name: "User 7",
      properties: { plan: "pro", first_seen: "2026-01-08" },
      lists: ["Imported"],
    });
    const lists = await call(listListsRoute, { path: "/api/v1/lists", key });
    expect(lists.json.data[0].contactCount).toBe(997);

    // The same addresses again, with a mapping: existing contacts are updated and keep other properties.
    const again = await startImport(key, {
      csv: "mail,plan tier\nUSER7@example.com,enterprise\nnew@example.com,free\n\n",
      mapping: { email: "mail", properties: { "plan tier": "tier" } },
    });
    expect(again.status).toBe(201);
    await runImports();
    expect((await status(key, again.json.id)).json).toMatchObject({ status: "completed", total: 2, created: 1, updated: 1, skipped: 0 });
    const updated = await call(listContactsRoute, { path: "/api/v1/contacts?email=user7@", key });
    expect(updated.json.pagination.total).toBe(1);
    expect(updated.json.data[0].properties).toEqual({ plan: "pro", first_seen: "2026-01-08", tier: "enterprise" });
    expect(updated.json.data[0].name).toBe("User 7");
    expect((await call(listContactsRoute, { path: "/api/v1/contacts", key })).json.pagination.total).toBe(998);
  });

  it("normalizes header keys to lower snake_case and makes first and last name columns the contact's name", async () => {
    const { key } = await makeAccount();
    const csv = [
      "First Name,Last Name,E-Mail,Plan Tier,signupDate",
      "Ada,Lovelace,ada@example.com,pro,2026-01-02",
      ",Hopper,grace@example.com,,",
    ].join("\n");
    const started = await startImport(key, { csv });
    expect(started.status).toBe(201);
    expect(started.json.updateExisting).toBe(true);
    await runImports();
    expect((await status(key, started.json.id)).json).toMatchObject({ status: "completed", created: 2, skipped: 0 });
    const ada = (await call(listContactsRoute, { path: "/api/v1/contacts?email=ada@", key })).json.data[0];
    expect(ada.name).toBe("Ada Lovelace");
    expect(ada.properties).toEqual({ first_name: "Ada", last_name: "Lovelace", plan_tier: "pro", signup_date: "2026-01-02" });
    const grace = (await call(listContactsRoute, { path: "/api/v1/contacts?email=grace@", key })).json.data[0];
    expect(grace.name).toBe("Hopper");
    expect(grace.properties).toEqual({ last_name: "Hopper" });

    // Through an explicit mapping too.
    const mapped = await startImport(key, {
      csv: "addr,given,family\nalan@example.com,Alan,Turing\n",
      mapping: { email: "addr", firstName: "given", lastName: "family", properties: {} },
    });
    expect(mapped.status).toBe(201);
    await runImports();
    expect((await call(listContactsRoute, { path: "/api/v1/contacts?email=alan@", key })).json.data[0]).toMatchObject({
      name: "Alan Turing",
      properties: {},
    });
    const badColumn = await startImport(key, { csv: "email\na@example.com\n", mapping: { email: "email", firstName: "first" } });
    expect(badColumn.status).toBe(400);
    expect(badColumn.json.error.details[0].path).toBe("mapping.firstName");
  });

  it("updateExisting: false leaves existing contacts' fields alone and only adds new contacts and list memberships", async () => {
    const { key } = await makeAccount();
    const list = (await call(createListRoute, { method: "POST", path: "/api/v1/lists", key, body: { name: "Later" } })).json;
    const first = await startImport(key, { csv: "email,name,plan\nkeep@example.com,Keep Me,pro\n" });
    await runImports();
    expect((await status(key, first.json.id)).json.created).toBe(1);

    const csv = "email,name,plan,city\nKEEP@example.com,Overwritten,free,Paris\nfresh@example.com,Fresh,free,Rome\n";
    const second = await startImport(key, { csv, listId: list.id, updateExisting: false });
    expect(second.status).toBe(201);
    expect(second.json.updateExisting).toBe(false);
    await runImports();
    expect((await status(key, second.json.id)).json).toMatchObject({
      status: "completed",
      total: 2,
      created: 1,
      updated: 0,
      unchanged: 1,
      skipped: 0,
    });
    const kept = (await call(listContactsRoute, { path: "/api/v1/contacts?email=keep@", key })).json.data[0];
    expect(kept).toMatchObject({ name: "Keep Me", properties: { plan: "pro" }, lists: ["Later"] });
    const fresh = (await call(listContactsRoute, { path: "/api/v1/contacts?email=fresh@", key })).json.data[0];
    expect(fresh).toMatchObject({ name: "Fresh", properties: { plan: "free", city: "Rome" }, lists: ["Later"] });

    // The default still updates.
    const third = await startImport(key, { csv });
    await runImports();
    expect((await status(key, third.json.id)).json).toMatchObject({ updated: 2, unchanged: 0 });
    expect((await call(listContactsRoute, { path: "/api/v1/contacts?email=keep@", key })).json.data[0]).toMatchObject({
      name: "Overwritten",
      properties: { plan: "free", city: "Paris" },
    });

    const bad = await startImport(key, { csv, updateExisting: "no" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/updateExisting/);
  });

  it("resumes from the last committed chunk", async () => {
    const { key, accountId } = await makeAccount();
    const started = await startImport(key, { csv: generatedCsv(450, new Set()) });
    // As if a worker had committed the first chunk and then died.
    await getDb().contactImport.update({ where: { id: started.json.id }, data: { processed: 200, created: 200, status: "running" } });
    await runContactImport(started.json.id, { attempt: 1, maxAttempts: 5 });
    expect((await status(key, started.json.id)).json).toMatchObject({ status: "completed", processed: 450, created: 450 });
    expect(await getDb().contact.count({ where: { accountId } })).toBe(250);
    await runImports();
  });

  it("fails a file whose quote never closes at once, before importing any of its rows", async () => {
    const { key, accountId } = await makeAccount();
    const csv = `email,note\n${Array.from({ length: 300 }, (_, i) => `u${i}@example.com,fine`).join("\n")}\nlast@example.com,"never closed\n`;
    const started = await startImport(key, { csv });
    expect(started.status).toBe(201);
    await runImports();
    const done = (await status(key, started.json.id)).json;
    expect(done).toMatchObject({ status: "failed", processed: 0, created: 0 });
    expect(done.error).toMatch(/Quote Not Closed/);
    expect(await getDb().contact.count({ where: { accountId } })).toBe(0);
    const job = await getDb().job.findFirstOrThrow({ where: { name: contactImportJob.id, accountId } });
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("fires list_join automations for contacts that join the list, once", async () => {
    const { key, accountId } = await makeAccount();
    const list = (await call(createListRoute, { method: "POST", path: "/api/v1/lists", key, body: { name: "Webinar" } })).json;
    // An active automation inserted directly: activating one through the API needs a verified domain.
    const automationId = newId("aut");
    await getDb().automation.create({
      data: {
        id: automationId,
        accountId,
        name: "Webinar follow-up",
        status: "active",
        triggerType: "list_join",
        triggerConfig: { listName: "Webinar" },
        steps: { create: [{ id: newId("stp"), position: 0, delayMinutes: 60, subject: "Thanks", bodyHtml: "<p>Hi</p>" }] },
      },
    });
    const csv = "email\na@example.com\nb@example.com\n";
    await startImport(key, { csv, listId: list.id });
    await runImports();
    const enrollments = await getDb().enrollment.findMany({ where: { automationId }, select: { listName: true } });
    expect(enrollments).toEqual([{ listName: "Webinar" }, { listName: "Webinar" }]);
    // Already members: a second import updates them and starts nothing.
    const again = await startImport(key, { csv, listId: list.id });
    await runImports();
    expect((await status(key, again.json.id)).json).toMatchObject({ status: "completed", updated: 2 });
    expect(await getDb().enrollment.count({ where: { automationId } })).toBe(2);
  });

  it("rejects bad input and hides other accounts' imports", async () => {
    const { key } = await makeAccount();
    const other = await makeAccount();
    const noEmail = await startImport(key, { csv: "name,plan\nAnn,pro\n" });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json.error.details[0].path).toBe("mapping.email");
    const missingColumn = await startImport(key, { csv: "email\na@example.com\n", mapping: { email: "address" } });
    expect(missingColumn.status).toBe(400);
    const badProperty = await startImport(key, {
      csv: "email,x\na@example.com,1\n",
      mapping: { email: "email", properties: { x: "1bad" } },
    });
    expect(badProperty.status).toBe(400);
    expect((await startImport(key, { csv: "email\na@example.com\n", listId: "lst_missing" })).status).toBe(404);

    const mine = await startImport(key, { csv: "email\na@example.com\n" });
    expect(mine.status).toBe(201);
    expect((await status(other.key, mine.json.id)).status).toBe(404);
    expect((await status(key, "imp_unknown")).status).toBe(404);
    await runImports();
    expect((await status(key, mine.json.id)).json.status).toBe("completed");
  });

  it("caps the columns and the size of a row: a long data row is a row error, a long header refuses the import", async () => {
    const { key } = await makeAccount();
    const wide = ["wide@example.com", "Wide", ...Array.from({ length: 300 }, (_, i) => `v${i}`)].join(",");
    const huge = `huge@example.com,Huge,"${"x".repeat(70 * 1024)}"`;
    const csv = ["email,name,plan", "ok@example.com,Ok,pro", wide, huge, "ok2@example.com,Ok2,free"].join("\n");
    const started = await startImport(key, { csv });
    expect(started.status).toBe(201);
    await runImports();
    const done = await status(key, started.json.id);
    expect(done.json).toMatchObject({ status: "completed", total: 4, created: 2, skipped: 2 });
    expect(done.json.errors).toEqual([
      { row: 3, message: "the row has 302 columns; at most 200" },
      { row: 4, message: "the row is larger than 64 KB" },
    ]);
    const page = await call(listContactsRoute, { path: "/api/v1/contacts?email=wide@", key });
    expect(page.json.pagination.total).toBe(0);

    const wideHeader = ["email", ...Array.from({ length: 250 }, (_, i) => `c${i}`)].join(",");
    const refused = await startImport(key, { csv: `${wideHeader}\na@example.com` });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/header row: the row has 251 columns; at most 200/);

    const manyProperties = ["email", ...Array.from({ length: 150 }, (_, i) => `p${i}`)].join(",");
    const tooMany = await startImport(key, { csv: `${manyProperties}\na@example.com` });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.message).toMatch(/at most 100/);
  });
});
