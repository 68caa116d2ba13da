import { describe, expect, it } from "vitest";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { PATCH as patchContactRoute } from "@/app/api/v1/contacts/[id]/route";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { PUT as putTemplateRoute } from "@/app/api/v1/templates/[id]/route";
import { getDb } from "@/lib/db/client";
import { lockRow } from "@/lib/db/lock-row";
import { call, makeAccount } from "../helpers/api";

// Writers that read a row before changing it take its lock first (lib/db/lock-row.ts), so
// concurrent requests run one after the other instead of overwriting each other's changes.

describe("row locks", () => {
  it("keeps every key of concurrent PATCHes to one contact's properties", async () => {
    const { key } = await makeAccount();
    const created = await call(createContactRoute, { method: "POST", path: "/api/v1/contacts", key, body: { email: "ada@example.com" } });
    const id = created.json.id as string;
    const keys = Array.from({ length: 8 }, (_, i) => `k${i}`);
    const results = await Promise.all(
      keys.map((k) =>
        call(patchContactRoute, { method: "PATCH", path: `/api/v1/contacts/${id}`, key, params: { id }, body: { properties: { [k]: k } } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(keys.map(() => 200));
    const stored = await getDb().contact.findUniqueOrThrow({ where: { id } });
    expect(stored.properties).toEqual(Object.fromEntries(keys.map((k) => [k, k])));
  });

  it("derives a template's variables from both halves when its subject and body change at once", async () => {
    const { key } = await makeAccount();
    const created = await call(createTemplateRoute, {
      method: "POST",
      path: "/api/v1/templates",
      key,
      body: { name: "t", subject: "Hi", htmlBody: "<p>Hi</p>" },
    });
    const id = created.json.id as string;
    const put = (body: unknown) => call(putTemplateRoute, { method: "PUT", path: `/api/v1/templates/${id}`, key, params: { id }, body });
    const [a, b] = await Promise.all([put({ subject: "Hi {{first}}" }), put({ htmlBody: "<p>{{second}}</p>" })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const stored = await getDb().template.findUniqueOrThrow({ where: { id } });
    expect([...stored.variables].sort()).toEqual(["first", "second"]);
  });

  it("finds a row only within its account, and holds it until the transaction ends", async () => {
    const owner = await makeAccount();
    const other = await makeAccount();
    const db = getDb();
    const template = await db.template.create({
      data: { id: `tpl_lock${Date.now()}`, accountId: owner.accountId, name: "t", subject: "s", htmlBody: "b", variables: [] },
    });
    await db.$transaction(async (tx) => {
      expect(await lockRow(tx, "Template", { id: template.id, accountId: other.accountId })).toBeNull();
      expect(await lockRow(tx, "Template", { id: template.id, accountId: owner.accountId }, ["id", "name"])).toEqual({
        id: template.id,
        name: "t",
      });
    });

    // A second locker waits for the first transaction's commit and then sees what it wrote.
    const order: string[] = [];
    let locked!: () => void;
    const firstHolds = new Promise<void>((resolve) => (locked = resolve));
    const first = db.$transaction(async (tx) => {
      await lockRow(tx, "Template", { id: template.id });
      locked();
      await new Promise((r) => setTimeout(r, 300));
      await tx.template.update({ where: { id: template.id }, data: { name: "renamed" } });
      order.push("first commits");
    });
    await firstHolds;
    const second = db.$transaction(async (tx) => {
      const row = await lockRow(tx, "Template", { id: template.id }, ["name"]);
      order.push(`second sees ${row?.name}`);
    });
    await Promise.all([first, second]);
    expect(order).toEqual(["first commits", "second sees renamed"]);
  });
});
