import { describe, expect, it } from "vitest";
import { redactBody } from "./redact-body";

const KEY = "mw_" + "A".repeat(40);

describe("redactBody", () => {
  it("replaces secret-named values at any depth, whatever their spelling", () => {
    const { body, truncated } = redactBody({
      name: "CI",
      key: KEY,
      token: KEY,
      nested: { apiKey: "x", "API-Key": "y", password: "hunter22", currentPassword: "a", signing_secret: "whsec_abc" },
      list: [{ secret: "s" }],
    });
    expect(truncated).toBe(false);
    expect(body).toEqual({
      name: "CI",
      key: "[redacted]",
      token: "[redacted]",
      nested: {
        apiKey: "[redacted]",
        "API-Key": "[redacted]",
        password: "[redacted]",
        currentPassword: "[redacted]",
        signing_secret: "[redacted]",
      },
      list: [{ secret: "[redacted]" }],
    });
  });

  it("keeps an attachment's name and type but not its content", () => {
    const { body } = redactBody({ attachments: [{ filename: "a.pdf", content: "QUJD".repeat(100), content_type: "application/pdf" }] });
    expect(body).toEqual({ attachments: [{ filename: "a.pdf", content: "[redacted: 400 characters]", content_type: "application/pdf" }] });
  });

  it("masks a key or signing secret inside any other string", () => {
    const { body } = redactBody({ text: `use ${KEY} now`, note: "whsec_" + "b".repeat(32) });
    expect(body).toEqual({ text: "use mw_[redacted] now", note: "whsec_[redacted]" });
  });

  it("writes dates as JSON does", () => {
    expect(redactBody({ at: new Date("2026-01-02T03:04:05.000Z") }).body).toEqual({ at: "2026-01-02T03:04:05.000Z" });
  });

  it("cuts a body past the cap to its first characters and says so", () => {
    const { body, truncated } = redactBody({ html: "x".repeat(100) }, 50);
    expect(truncated).toBe(true);
    expect(body).toBe(JSON.stringify({ html: "x".repeat(100) }).slice(0, 50));
  });

  it("stores nothing for no body", () => {
    expect(redactBody(undefined)).toEqual({ body: null, truncated: false });
  });
});
