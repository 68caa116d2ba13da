import { createPrivateKey, createPublicKey, sign, verify } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { buildDomainRecords } from "./build-domain-records";
import { generateDkimKey } from "./generate-dkim-key";

describe("generateDkimKey", () => {
  it("makes an RSA-2048 pair whose public half is the DKIM p= value", async () => {
    const key = await generateDkimKey();
    expect(key.selector).toMatch(/^mw[a-z]{10}$/);
    const publicKey = createPublicKey({ key: Buffer.from(key.publicKey, "base64"), format: "der", type: "spki" });
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const signature = sign("sha256", Buffer.from("header hash"), createPrivateKey(key.privateKeyPem));
    expect(verify("sha256", Buffer.from("header hash"), publicKey, signature)).toBe(true);
    expect((await generateDkimKey()).selector).not.toBe(key.selector);
  });
});

describe("buildDomainRecords", () => {
  afterEach(() => {
    delete process.env.MX_HOST;
    delete process.env.SPF_INCLUDE;
    resetEnvCache();
  });

  it("lists MX and SPF on the bounce subdomain, DKIM under the selector, and DMARC", () => {
    process.env.MX_HOST = "Bounces.Example.NET.";
    process.env.SPF_INCLUDE = "_spf.example.net";
    resetEnvCache();
    const records = buildDomainRecords({ domain: "example.com", selector: "mwabcdefghij", publicKey: "MIIB" });
    expect(records).toEqual([
      {
        type: "MX",
        name: "send.example.com",
        value: "bounces.example.net",
        priority: 10,
        purpose: "bounce MX",
        status: "pending",
        required: true,
      },
      {
        type: "TXT",
        name: "send.example.com",
        value: "v=spf1 include:_spf.example.net ~all",
        purpose: "SPF",
        status: "pending",
        required: true,
      },
      {
        type: "TXT",
        name: "mwabcdefghij._domainkey.example.com",
        value: "v=DKIM1; k=rsa; p=MIIB",
        purpose: "DKIM",
        status: "pending",
        required: false,
      },
      { type: "TXT", name: "_dmarc.example.com", value: "v=DMARC1; p=none;", purpose: "DMARC", status: "pending", required: false },
    ]);
  });
});
