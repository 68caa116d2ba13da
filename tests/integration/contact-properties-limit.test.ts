import { describe, expect, it } from "vitest";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { PATCH as patchContactRoute } from "@/app/api/v1/contacts/[id]/route";
import { POST as importRoute } from "@/app/api/v1/contacts/import/route";
import { GET as importStatusRoute } from "@/app/api/v1/contacts/import/[id]/route";
import { POST as eventRoute } from "@/app/api/v1/events/route";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { runnableJobs } from "@/lib/jobs/handlers";
import { contactImportJob } from "@/lib/contacts/import-job";
import { CONTACT_PROPERTIES_MAX } from "@/lib/contacts/schemas";
import { getDb } from "@/lib/db/client";
import { call, makeAccount } from "../helpers/api";

// A body holds at most CONTACT_PROPERTIES_MAX properties; merges of new keys, by a PATCH, an
// event or an import that updates contacts, cannot grow one contact past it either.

const props = (prefix: string, n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, "x"]));

describe("contact properties limit", () => {
  it("refuses a PATCH or an event that would take a contact past the limit, and keeps removals working", async () => {
    const { key } = await makeAccount();
    const created = await call(createContactRoute, {
      method: "POST",
      path: "/api/v1/contacts",
      key,
      body: { email: "full@example.com", properties: props("a", CONTACT_PROPERTIES_MAX) },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const patch = (body: unknown) =>
      call(patchContactRoute, { method: "PATCH", path: `/api/v1/contacts/${id}`, key, params: { id }, body });

    const over = await patch({ properties: { extra: "y" } });
    expect(over.status).toBe(400);
    expect(over.json.error).toMatchObject({ code: "validation_error", details: [{ path: "properties" }] });
    const event = await call(eventRoute, {
      method: "POST",
      path: "/api/v1/events",
      key,
      body: { email: "full@example.com", name: "upgraded", properties: { extra: "y" } },
    });
    expect(event.status).toBe(400);
    expect(Object.keys((await getDb().contact.findUniqueOrThrow({ where: { id } })).properties as object)).toHaveLength(
      CONTACT_PROPERTIES_MAX,
    );

    // Changing existing keys, or removing one to make room, still works.
    expect((await patch({ properties: { a0: "changed" } })).status).toBe(200);
    const swapped = await patch({ properties: { a1: null, extra: "y" } });
    expect(swapped.status).toBe(200);
    expect(swapped.json.properties).toMatchObject({ a0: "changed", extra: "y" });
    expect(swapped.json.properties).not.toHaveProperty("a1");
  });

  it("skips an imported row that would take an existing contact past the limit", async () => {
    const { key } = await makeAccount();
    await call(createContactRoute, {
      method: "POST",
      path: "/api/v1/contacts",
      key,
      body: { email: "full@example.com", properties: props("a", CONTACT_PROPERTIES_MAX) },
    });
    const started = await call(importRoute, {
      method: "POST",
      path: "/api/v1/contacts/import",
      key,
      body: { csv: "email,tier\nfull@example.com,gold\nfresh@example.com,silver\n" },
    });
    expect(started.status).toBe(201);
    for (let i = 0; i < 10 && (await runDueJobsOnce({ jobs: runnableJobs(contactImportJob), schedules: false })).length; i++);
    const id = started.json.id as string;
    const done = await call(importStatusRoute, { path: `/api/v1/contacts/import/${id}`, key, params: { id } });
    expect(done.json).toMatchObject({ status: "completed", created: 1, updated: 0, skipped: 1 });
    expect(done.json.errors).toEqual([{ row: 2, message: expect.stringContaining(`at most ${CONTACT_PROPERTIES_MAX}`) }]);
  });
});
