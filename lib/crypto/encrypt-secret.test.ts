import { describe, expect, it } from "vitest";
import { encryptSecret } from "./encrypt-secret";
import { decryptSecret } from "./decrypt-secret";

const secret = "unit-test-secret-0123456789abcdef";

describe("encryptSecret / decryptSecret", () => {
  it("round-trips text, including multi-byte characters and an empty string", () => {
    for (const text of ["-----BEGIN PRIVATE KEY-----\nabc\n", "héllo ✉️", ""]) {
      expect(decryptSecret(encryptSecret(text, { secret }), { secret })).toBe(text);
    }
  });

  it("writes a versioned value with a fresh nonce each time", () => {
    const a = encryptSecret("same", { secret });
    const b = encryptSecret("same", { secret });
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("same");
  });

  it("refuses the wrong secret", () => {
    const value = encryptSecret("private", { secret });
    expect(() => decryptSecret(value, { secret: "another-secret-0123456789" })).toThrow(/authentication/);
  });

  it("binds the value to its context", () => {
    const value = encryptSecret("private", { secret, context: "domain:dom_a:dkim" });
    expect(decryptSecret(value, { secret, context: "domain:dom_a:dkim" })).toBe("private");
    expect(() => decryptSecret(value, { secret, context: "domain:dom_b:dkim" })).toThrow(/authentication/);
    expect(() => decryptSecret(value, { secret })).toThrow(/authentication/);
  });

  it("detects tampering with any part", () => {
    const value = encryptSecret("private key material", { secret });
    const parts = value.split(".");
    for (const i of [1, 2, 3]) {
      const bytes = Buffer.from(parts[i], "base64url");
      bytes[0] ^= 1;
      const tampered = [...parts];
      tampered[i] = bytes.toString("base64url");
      expect(() => decryptSecret(tampered.join("."), { secret })).toThrow();
    }
  });

  it("rejects malformed values and unknown versions", () => {
    const [, iv, tag, body] = encryptSecret("x", { secret }).split(".");
    expect(() => decryptSecret("not encrypted", { secret })).toThrow(/malformed/);
    expect(() => decryptSecret(`v1.${iv}.${tag}`, { secret })).toThrow(/malformed/);
    expect(() => decryptSecret(`v9.${iv}.${tag}.${body}`, { secret })).toThrow(/unsupported ciphertext version/);
    expect(() => decryptSecret(`v1.${iv}.AAAA.${body}`, { secret })).toThrow(/malformed/);
  });

  it("uses APP_SECRET when no secret is passed", async () => {
    const { resetEnvCache } = await import("@/lib/config/env");
    const before = process.env.APP_SECRET;
    process.env.APP_SECRET = secret;
    resetEnvCache();
    try {
      const value = encryptSecret("from env");
      expect(decryptSecret(value, { secret })).toBe("from env");
    } finally {
      if (before === undefined) delete process.env.APP_SECRET;
      else process.env.APP_SECRET = before;
      resetEnvCache();
    }
  });
});
