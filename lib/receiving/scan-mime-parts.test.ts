import { describe, expect, it } from "vitest";
import { scanMimeParts } from "./scan-mime-parts";

const crlf = (lines: string[]) => Buffer.from(lines.join("\r\n"), "latin1");

describe("scanMimeParts", () => {
  it("a single-part message is one part in no container", () => {
    expect(scanMimeParts(crlf(["Subject: hi", "", "hello", ""]))).toEqual({ parts: 1, containers: 0, largestAttachment: 0 });
  });

  it("counts the parts of nested multiparts and not their closing delimiters", () => {
    const raw = crlf([
      'Content-Type: multipart/mixed; boundary="outer"',
      "",
      "--outer",
      "Content-Type: multipart/alternative; boundary=inner",
      "",
      "--inner",
      "Content-Type: text/plain",
      "",
      "hi",
      "--inner",
      "Content-Type: text/html",
      "",
      "<p>hi</p>",
      "--inner--",
      "--outer",
      "Content-Type: text/plain; name=a.txt",
      "",
      "file",
      "--outer--",
      "",
    ]);
    expect(scanMimeParts(raw)).toEqual({ parts: 5, containers: 2, largestAttachment: 0 });
  });

  it("estimates each attachment's decoded size from its encoding, and leaves the inline text out", () => {
    const pdf = Buffer.alloc(3000, 7)
      .toString("base64")
      .replace(/(.{76})/g, "$1\r\n");
    const raw = crlf([
      'Content-Type: multipart/mixed; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain",
      "",
      "x".repeat(5000),
      "--b1",
      'Content-Type: application/pdf; name="a.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      pdf,
      "--b1",
      "Content-Type: text/plain",
      "Content-Disposition: attachment; filename=notes.txt",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "caf=C3=A9 =",
      "au lait",
      "--b1--",
      "",
    ]);
    const scan = scanMimeParts(raw);
    expect(scan.parts).toBe(4);
    expect(scan.largestAttachment).toBeGreaterThanOrEqual(3000);
    expect(scan.largestAttachment).toBeLessThan(3003);
  });

  it("counts a single-part message of a non-text type as one attachment", () => {
    const raw = crlf(["Content-Type: application/octet-stream", "", "y".repeat(2000), ""]);
    expect(scanMimeParts(raw).largestAttachment).toBe(2002);
  });

  it("counts an attached message whole, parts included", () => {
    const raw = crlf([
      'Content-Type: multipart/mixed; boundary="o"',
      "",
      "--o",
      "Content-Type: message/rfc822",
      "",
      'Content-Type: multipart/alternative; boundary="i"',
      "",
      "--i",
      "Content-Type: text/plain",
      "",
      "z".repeat(1000),
      "--i--",
      "--o--",
      "",
    ]);
    expect(scanMimeParts(raw).largestAttachment).toBeGreaterThan(1000);
  });

  // A scan that looked for each part's end from its own delimiter on would take minutes here and
  // fail on the test's timeout.
  it("scans a message of 20,000 delimiters", () => {
    const lines = ['Content-Type: multipart/mixed; boundary="m"', ""];
    for (let i = 0; i < 20000; i++) lines.push("--m", "Content-Type: application/octet-stream", "", "q");
    lines.push("--m--", "");
    const scan = scanMimeParts(crlf(lines));
    expect(scan.parts).toBe(20001);
    expect(scan.largestAttachment).toBe(1);
  });
});
