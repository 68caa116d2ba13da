import { describe, expect, it } from "vitest";
import { scanMimeParts } from "./scan-mime-parts";

const crlf = (lines: string[]) => Buffer.from(lines.join("\r\n"), "latin1");

describe("scanMimeParts", () => {
  it("a single-part message is one part in no container", () => {
    expect(scanMimeParts(crlf(["Subject: hi", "", "hello", ""]))).toEqual({ parts: 1, containers: 0 });
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
    expect(scanMimeParts(raw)).toEqual({ parts: 5, containers: 2 });
  });
});
