import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, isWellFormedKey, keyPrefix } from "./key-format";
import { scopeAllows } from "./scopes";

describe("api key format", () => {
  it("generates mw_ + 40 base62 characters, unique each time", () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(isWellFormedKey(key)).toBe(true);
  });

  it("rejects malformed keys before any lookup", () => {
    expect(isWellFormedKey("mw_short")).toBe(false);
    expect(isWellFormedKey("sk_" + "a".repeat(40))).toBe(false);
    expect(isWellFormedKey("mw_" + "a".repeat(39) + "!")).toBe(false);
  });

  it("hashes with SHA-256 hex and shows only a prefix", () => {
    expect(hashApiKey("mw_x")).toMatch(/^[0-9a-f]{64}$/);
    expect(keyPrefix("mw_Ab3dEfgh")).toBe("mw_Ab3d…");
  });

  it("lets full_access do everything and send:email only sending", () => {
    expect(scopeAllows(["full_access"], "send:email")).toBe(true);
    expect(scopeAllows(["send:email"], "send:email")).toBe(true);
    expect(scopeAllows(["send:email"], "full_access")).toBe(false);
  });
});
