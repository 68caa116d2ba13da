import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { utf8Bytes } from "./utf8-bytes";

const encoded = (text: string) => new TextEncoder().encode(text).length;

describe("utf8Bytes", () => {
  it("counts as TextEncoder does, lone surrogates included", () => {
    for (const text of ["", "abc", "é", "€", "😀", "a😀b", "\ud800", "\udc00", "\ud800a", "x\ud83d", "\udc00\ud800", "😀\ud83d"]) {
      expect(utf8Bytes(text), JSON.stringify(text)).toBe(encoded(text));
    }
    fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => utf8Bytes(text) === encoded(text)));
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)) }),
        (text) => utf8Bytes(text) === encoded(text),
      ),
    );
  });
});
