import { describe, expect, it } from "vitest";
import { bareLineBreak, headerValue, rewriteHeaders } from "./raw-message";
import { readRelayHeaders } from "./read-relay-headers";

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
    // The relay's accept counts them as it reads the header block (RFC 5322 3.6: one From, one Sender).
    expect(readRelayHeaders(raw)).toMatchObject({ fromCount: 2, senderCount: 1 });
    expect(readRelayHeaders("Reply-To: r@b.example\r\n\r\n")).toMatchObject({ fromCount: 0, senderCount: 0 });
  });

  it("removes folded header fields and adds new ones without touching the body", () => {
    const raw = "From: a@b.example\r\nBcc: x@y.example,\r\n z@y.example\r\nSubject: hi\r\n\r\nBcc: in the body\r\n";
    const out = rewriteHeaders(raw, { remove: ["bcc"], add: ["Message-ID: <m@b.example>"] });
    expect(out).toBe("Message-ID: <m@b.example>\r\nFrom: a@b.example\r\nSubject: hi\r\n\r\nBcc: in the body\r\n");
    expect(headerValue(raw, "BCC")).toBe("x@y.example, z@y.example");
    expect(headerValue(raw, "message-id")).toBeNull();
  });
});
