import { describe, expect, it } from "vitest";
import { bareLineBreak, headerCount, headerValue, rewriteHeaders } from "./raw-message";

describe("raw message helpers", () => {
  it("finds bare LF and bare CR anywhere, and accepts CRLF-only data", () => {
    expect(bareLineBreak(Buffer.from("a\r\nb\r\n"))).toBeNull();
    expect(bareLineBreak(Buffer.from("a\r\nb\n.\r\n"))).toBe("LF");
    expect(bareLineBreak(Buffer.from("\nx"))).toBe("LF");
    expect(bareLineBreak(Buffer.from("a\r\nb\r.\r\n"))).toBe("CR");
    expect(bareLineBreak(Buffer.from("a\r\nb\r"))).toBe("CR");
    expect(bareLineBreak(Buffer.from("\r\r\n"))).toBe("CR");
  });

  it("counts a header field's occurrences in the header block only", () => {
    const raw = "From: a@b.example\r\nfrom : c@d.example\r\nSender: s@b.example\r\n\r\nFrom: in the body\r\n";
    expect(headerCount(raw, "From")).toBe(2);
    expect(headerCount(raw, "sender")).toBe(1);
    expect(headerCount(raw, "reply-to")).toBe(0);
  });

  it("removes folded header fields and adds new ones without touching the body", () => {
    const raw = "From: a@b.example\r\nBcc: x@y.example,\r\n z@y.example\r\nSubject: hi\r\n\r\nBcc: in the body\r\n";
    const out = rewriteHeaders(raw, { remove: ["bcc"], add: ["Message-ID: <m@b.example>"] });
    expect(out).toBe("Message-ID: <m@b.example>\r\nFrom: a@b.example\r\nSubject: hi\r\n\r\nBcc: in the body\r\n");
    expect(headerValue(raw, "BCC")).toBe("x@y.example, z@y.example");
    expect(headerValue(raw, "message-id")).toBeNull();
  });
});
