import { describe, expect, it } from "vitest";
import { REDACTED, redactBody, redactHeaders, redactUrl } from "./redact-delivery-log";

const SECRET = "whsec_MfKQ9r6N3x2kJ7pL0vB8cD4eF1gH5iJ2";

describe("the delivery log's redaction", () => {
  it("hides credential headers and the signing secret, and keeps the signature headers", () => {
    const out = redactHeaders(
      {
        "Content-Type": "application/json",
        authorization: "Basic dTpw",
        "Proxy-Authorization": "Bearer x",
        "set-cookie": "sid=1",
        cookie: "a=b",
        "X-Api-Key": "k",
        "x-auth-token": "t",
        "x-client-secret": "s",
        "webhook-signature": "v1,abc=",
        "X-Service-Signature": "sha256=00ff",
        "x-echo": `secret is ${SECRET}!`,
      },
      SECRET,
    );
    expect(out).toEqual({
      "content-type": "application/json",
      authorization: REDACTED,
      "proxy-authorization": REDACTED,
      "set-cookie": REDACTED,
      cookie: REDACTED,
      "x-api-key": REDACTED,
      "x-auth-token": REDACTED,
      "x-client-secret": REDACTED,
      "webhook-signature": "v1,abc=",
      "x-service-signature": "sha256=00ff",
      "x-echo": `secret is ${REDACTED}!`,
    });
  });

  it("hides a URL's password and an echoed secret in a body", () => {
    expect(redactUrl("https://user:hunter2@hooks.example.com/in?x=1")).toBe(`https://user:${REDACTED}@hooks.example.com/in?x=1`);
    expect(redactUrl("http://127.0.0.1:4000/hooks")).toBe("http://127.0.0.1:4000/hooks");
    expect(redactBody(`{"got":"${SECRET}"}`, SECRET)).toBe(`{"got":"${REDACTED}"}`);
  });
});
