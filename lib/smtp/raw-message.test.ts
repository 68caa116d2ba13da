import { describe, expect, it } from "vitest";
import { hasBareLf, headerValue, rewriteHeaders } from "./raw-message";

describe("raw message helpers", () => {
  it("finds bare LF anywhere, and accepts CRLF-only data", () => {
    expect(hasBareLf(Buffer.from("a\r\nb\r\n"))).toBe(false);
    expect(hasBareLf(Buffer.from("a\r\nb\n.\r\n"))).toBe(true);
    expect(hasBareLf(Buffer.from("\nx"))).toBe(true);
  });

  it("removes folded header fields and adds new ones without touching the body", () => {
    const raw = "From: a@b.example\r\nBcc: x@y.example,\r\n z@y.example\r\nSubject: hi\r\n\r\nBcc: in the body\r\n";
    const out = rewriteHeaders(raw, { remove: ["bcc"], add: ["Message-ID: <m@b.example>"] });
    expect(out).toBe("Message-ID: <m@b.example>\r\nFrom: a@b.example\r\nSubject: hi\r\n\r\nBcc: in the body\r\n");
    expect(headerValue(raw, "BCC")).toBe("x@y.example, z@y.example");
    expect(headerValue(raw, "message-id")).toBeNull();
  });
});
