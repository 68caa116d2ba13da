import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { generateWebhookSecret, serviceSignature, signWebhook, standardWebhookSignature } from "./sign-webhook";

describe("webhook secrets and signatures", () => {
  it("makes whsec_ + base64 of 32 random bytes", () => {
    const secrets = new Set(Array.from({ length: 50 }, generateWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    }
  });

  it("signs X-Service-Signature with the whole secret string over the raw body", () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = '{"id":"evt_1","type":"email.delivered"}';
    const expected = createHmac("sha256", secret).update(body).digest("hex");
    expect(serviceSignature(secret, body)).toBe(`sha256=${expected}`);
    expect(serviceSignature(secret, body)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it("matches the Standard Webhooks reference vector", () => {
    // From the Standard Webhooks specification's test suite.
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const signature = standardWebhookSignature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}');
    expect(signature).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("is accepted by the official standardwebhooks verifier", () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ id: "evt_abc", type: "email.clicked", data: { link: "https://example.com/ü" } });
    const headers = signWebhook({ secret, id: "evt_abc", timestamp: new Date(), body });
    expect(headers["webhook-id"]).toBe("evt_abc");
    expect(headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    const verified = new Webhook(secret).verify(body, {
      "webhook-id": headers["webhook-id"],
      "webhook-timestamp": headers["webhook-timestamp"],
      "webhook-signature": headers["webhook-signature"],
    });
    expect(verified).toEqual(JSON.parse(body));
    // And its own signer agrees byte for byte.
    const at = new Date(Number(headers["webhook-timestamp"]) * 1000);
    expect(new Webhook(secret).sign("evt_abc", at, body)).toBe(headers["webhook-signature"]);
    // A changed body fails.
    expect(() =>
      new Webhook(secret).verify(body.replace("clicked", "opened"), {
        "webhook-id": headers["webhook-id"],
        "webhook-timestamp": headers["webhook-timestamp"],
        "webhook-signature": headers["webhook-signature"],
      }),
    ).toThrow();
  });
});
