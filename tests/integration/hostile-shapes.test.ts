import { describe, expect, it } from "vitest";
import { POST as createTemplate } from "@/app/api/v1/templates/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as batchRoute } from "@/app/api/v1/emails/batch/route";
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
