import { describe, expect, it } from "vitest";
import { ByteaSlices } from "./bytea-slices";

// substring(bytes FROM start FOR length), as PostgreSQL counts it (1-based).
const substring = (bytes: Buffer, [start, length]: [number, number]) => bytes.subarray(start - 1, start - 1 + length);

describe("ByteaSlices", () => {
  it("gives each part its slice in bytes, strings as UTF-8 and a lone surrogate as U+FFFD", () => {
    const slices = new ByteaSlices();
    const parts = ["Grüße 👋", Buffer.from([0, 255, 1]), "", "lone \ud800 half", "plain"];
    const spans = parts.map((part) => slices.add(part));
    const bytes = slices.buffer();
    expect(spans.map((span) => substring(bytes, span).toString("latin1"))).toEqual([
      Buffer.from("Grüße 👋").toString("latin1"),
      "\u0000\u00ff\u0001",
      "",
      Buffer.from("lone \ufffd half").toString("latin1"),
      "plain",
    ]);
    expect(substring(bytes, spans[3]).toString("utf8")).toBe("lone \ufffd half");
    expect(bytes.length).toBe(spans.reduce((sum, [, length]) => sum + length, 0));
  });

  it("passes a single buffer through uncopied, and is empty with nothing added", () => {
    const raw = Buffer.from("From: a@b.example\r\n\r\nhi");
    const one = new ByteaSlices();
    expect(one.add(raw)).toEqual([1, raw.length]);
    expect(one.buffer()).toBe(raw);
    expect(new ByteaSlices().buffer().length).toBe(0);
  });
});
