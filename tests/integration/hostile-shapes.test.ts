import { describe, expect, it } from "vitest";
import { POST as createTemplate } from "@/app/api/v1/templates/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as batchRoute } from "@/app/api/v1/emails/batch/route";
import { POST as createSegment } from "@/app/api/v1/segments/route";
import { POST as createContact } from "@/app/api/v1/contacts/route";
import { getDb } from "@/lib/db/client";
import { call, makeAccount } from "../helpers/api";

// zod throws (not an issue) when a length check meets an object whose `length` has no primitive
// value; the fuzz tier found it on POST /templates (seed 1921806906). Every body is validated
// through parseInput, which makes that a 400.
const hostile = { length: { toString: null } };

describe("bodies with values zod cannot measure", () => {
  it("answer 400 validation_error, not 500", async () => {
    const { key } = await makeAccount();
    const template = await call(createTemplate, {
      method: "POST",
      path: "/api/v1/templates",
      key,
      body: { name: "t", subject: " ", htmlBody: " ", sampleData: { " ": hostile } },
    });
    const single = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key,
      body: { from: "a@b.example", to: "c@d.example", subject: hostile, text: "x" },
    });
    const batch = await call(batchRoute, {
      method: "POST",
      path: "/api/v1/emails/batch",
      key,
      body: [{ from: "a@b.example", to: "c@d.example", subject: "s", text: hostile }],
    });
    for (const response of [template, single, batch]) {
      expect(response.status).toBe(400);
      expect(response.json.error.code).toBe("validation_error");
    }
  });
});

// jsonb refuses an unpaired surrogate that a text column stores as U+FFFD; the fuzz tier found
// it on POST /segments (seed -493643450): a filter's broadcastId of "\ud800" was a 500. Every
// body's strings and keys are made well formed at the edge, as a text column would store them.
describe("bodies with unpaired surrogates", () => {
  it("are stored with U+FFFD in their place, in jsonb as in text, not a 500", async () => {
    const { key, accountId } = await makeAccount();
    const segment = await call(createSegment, {
      method: "POST",
      path: "/api/v1/segments",
      key,
      body: { name: "s\ud800", filter: { type: "email", action: "received", broadcastId: "\ud800" } },
    });
    expect(segment.status, JSON.stringify(segment.json)).toBe(201);
    const stored = await getDb().contactList.findUniqueOrThrow({ where: { id: segment.json.id } });
    expect(stored.name).toBe("s\ufffd");
    expect(stored.filter).toEqual({ type: "email", action: "received", broadcastId: "\ufffd" });

    const contact = await call(createContact, {
      method: "POST",
      path: "/api/v1/contacts",
      key,
      body: { email: "surrogate@example.test", properties: { plan: "pro\ud83d" } },
    });
    expect(contact.status, JSON.stringify(contact.json)).toBe(201);
    const row = await getDb().contact.findFirstOrThrow({ where: { email: "surrogate@example.test", accountId } });
    expect(row.properties).toEqual({ plan: "pro\ufffd" });
  });
});
