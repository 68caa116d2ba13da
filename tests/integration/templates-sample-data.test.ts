import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/v1/templates/route";
import { GET as getRoute, PUT as putRoute } from "@/app/api/v1/templates/[id]/route";
import { POST as previewRoute } from "@/app/api/v1/templates/[id]/preview/route";
import { SAMPLE_DATA_MAX_KEYS, SAMPLE_DATA_VALUE_MAX } from "@/lib/templates/sample-data";
import { call, makeAccount } from "../helpers/api";

// Templates keep their sample variable values: saved with the template, returned
// by GET, used by preview when no variables are given.

const path = "/api/v1/templates";
const body = { name: "Welcome", subject: "Hi {{name}}", htmlBody: "<p>Plan: {{contact.plan}}</p>" };

async function create(key: string, extra: Record<string, unknown> = {}) {
  return call(createRoute, { method: "POST", path, key, body: { ...body, ...extra } });
}

describe("template sampleData", () => {
  it("round-trips through create, get, list and update, and defaults to {}", async () => {
    const { key } = await makeAccount();
    const bare = await create(key);
    expect(bare.status).toBe(201);
    expect(bare.json.sampleData).toEqual({});

    const sampleData = { name: "Ada", "contact.plan": "pro" };
    const created = await create(key, { sampleData });
    expect(created.status).toBe(201);
    expect(created.json.sampleData).toEqual(sampleData);
    const id = created.json.id as string;

    const got = await call(getRoute, { path: `${path}/${id}`, key, params: { id } });
    expect(got.json.sampleData).toEqual(sampleData);
    const list = await call(listRoute, { path, key });
    expect(list.json.data.find((t: { id: string }) => t.id === id).sampleData).toEqual(sampleData);

    // Only sampleData: the rest stays as it was.
    const updated = await call(putRoute, {
      method: "PUT",
      path: `${path}/${id}`,
      key,
      params: { id },
      body: { sampleData: { name: "Grace" } },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ sampleData: { name: "Grace" }, subject: body.subject, variables: ["contact", "name"] });
    // Another field alone leaves the samples alone.
    const renamed = await call(putRoute, { method: "PUT", path: `${path}/${id}`, key, params: { id }, body: { name: "Renamed" } });
    expect(renamed.json.sampleData).toEqual({ name: "Grace" });
  });

  it("fills the preview when no variables are given; given variables win", async () => {
    const { key } = await makeAccount();
    const created = await create(key, { sampleData: { name: "Ada", "contact.plan": "pro" } });
    const id = created.json.id as string;
    const saved = await call(previewRoute, { method: "POST", path: `${path}/${id}/preview`, key, params: { id }, body: {} });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ subject: "Hi Ada", html: "<p>Plan: pro</p>" });
    const given = await call(previewRoute, {
      method: "POST",
      path: `${path}/${id}/preview`,
      key,
      params: { id },
      body: { variables: { name: "Lin" } },
    });
    expect(given.json).toEqual({ subject: "Hi Lin", html: "<p>Plan: </p>" });
  });

  it("nests dotted names into own properties only: __proto__ and constructor reach no prototype", async () => {
    const { key } = await makeAccount();
    const sampleData = { "__proto__.polluted": "yes", "constructor.prototype.polluted": "yes", name: "Ada" };
    const created = await call(createRoute, {
      method: "POST",
      path,
      key,
      body: { ...body, subject: "Hi {{name}} {{polluted}}", sampleData },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const preview = await call(previewRoute, { method: "POST", path: `${path}/${id}/preview`, key, params: { id }, body: {} });
    expect(preview.status).toBe(200);
    expect(preview.json.subject.trim()).toBe("Hi Ada");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses what is not a bounded flat object of strings, with a 400 naming the problem", async () => {
    const { key } = await makeAccount();
    const cases: [unknown, RegExp][] = [
      [["Ada"], /sampleData/],
      ["Ada", /sampleData/],
      [{ name: 42 }, /strings/],
      [{ name: { nested: "x" } }, /strings/],
      [{ name: null }, /strings/],
      [{ "": "x" }, /names are 1 to 200 characters/],
      [{ ["n".repeat(201)]: "x" }, /names are 1 to 200 characters/],
      [{ name: "x".repeat(SAMPLE_DATA_VALUE_MAX + 1) }, new RegExp(`at most ${SAMPLE_DATA_VALUE_MAX}`)],
      [Object.fromEntries(Array.from({ length: SAMPLE_DATA_MAX_KEYS + 1 }, (_, i) => [`v${i}`, "x"])), /at most 200 values/],
      // Under the per-value and count limits, over the total size.
      [Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`v${i}`, "x".repeat(SAMPLE_DATA_VALUE_MAX)])), /KB/],
    ];
    for (const [sampleData, message] of cases) {
      const res = await create(key, { sampleData });
      expect(res.status, JSON.stringify(sampleData).slice(0, 80)).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
      expect(JSON.stringify(res.json.error)).toMatch(message);
    }
    const created = await create(key);
    const id = created.json.id as string;
    const res = await call(putRoute, { method: "PUT", path: `${path}/${id}`, key, params: { id }, body: { sampleData: { name: 1 } } });
    expect(res.status).toBe(400);
    const got = await call(getRoute, { path: `${path}/${id}`, key, params: { id } });
    expect(got.json.sampleData).toEqual({});
  });
});
