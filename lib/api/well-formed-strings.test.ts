import { describe, expect, it } from "vitest";
import { makeStringsWellFormed } from "./well-formed-strings";

describe("makeStringsWellFormed", () => {
  it("replaces unpaired surrogates in strings and keys at any depth, and keeps pairs and order", () => {
    const value = JSON.parse('{"a":"x\\ud800y","b\\udc00":[1,"\\ud83d\\ude00",{"c":["\\udfff"]}],"z":null}');
    const fixed = makeStringsWellFormed(value) as Record<string, unknown>;
    expect(fixed).toEqual({ a: "x\ufffdy", "b\ufffd": [1, "\u{1f600}", { c: ["\ufffd"] }], z: null });
    expect(Object.keys(fixed)).toEqual(["a", "b\ufffd", "z"]);
    // What jsonb accepts: JSON.stringify leaves no surrogate escape behind.
    expect(JSON.stringify(fixed)).not.toMatch(/\\ud[89a-f]/i);
  });

  it("fixes a bare string and leaves a __proto__ key an own property", () => {
    expect(makeStringsWellFormed("\ud800")).toBe("\ufffd");
    const value = makeStringsWellFormed(JSON.parse('{"__proto__":{"p":1},"k\\ud800":2}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["__proto__", "k\ufffd"]);
  });

  it("walks a body nested deeper than the call stack", () => {
    const depth = 200_000;
    const value = JSON.parse(`${"[".repeat(depth)}"\\ud800"${"]".repeat(depth)}`);
    makeStringsWellFormed(value);
    let inner: unknown = value;
    for (let i = 0; i < depth; i++) inner = (inner as unknown[])[0];
    expect(inner).toBe("\ufffd");
  });
});
