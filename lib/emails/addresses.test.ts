import { describe, expect, it } from "vitest";
import { parseAddress, parseSenderAddress, senderAddressSchema } from "./addresses";

describe("parseSenderAddress", () => {
  it("gives parseAddress's result, parsed once for a repeated sender", () => {
    for (const input of ["Acme <Hi@Example.com>", "hi@example.com", '"A, B" <a@b.example>', "not an address", "a@b.example, c@d.example"]) {
      expect(parseSenderAddress(input)).toEqual(parseAddress(input));
    }
    const first = parseSenderAddress("Bench <hello@bench.example>");
    expect(parseSenderAddress("Bench <hello@bench.example>")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("stays bounded: a sender evicted is parsed again, with the same result", () => {
    const first = parseSenderAddress("Evicted <first@example.com>");
    for (let i = 0; i < 300; i++) parseSenderAddress(`S${i} <s${i}@example.com>`);
    const again = parseSenderAddress("Evicted <first@example.com>");
    expect(again).not.toBe(first);
    expect(again).toEqual({ name: "Evicted", address: "first@example.com" });
  });

  it("backs the From schema with the same verdicts as the address schema", () => {
    expect(senderAddressSchema.safeParse("Acme <hi@example.com>").success).toBe(true);
    expect(senderAddressSchema.safeParse("Acme <hi@example.com>\r\nBcc: x@y.z").success).toBe(false);
    expect(senderAddressSchema.safeParse("nope").success).toBe(false);
  });
});
