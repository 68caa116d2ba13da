import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver, type Reply, type WebhookReceiver } from "@/tests/helpers/webhook-receiver";
import { guardedLookup, safePost, type HostResolver } from "./safe-fetch";

// A real HTTP server on loopback; host names are answered by a fake resolver, the way a DNS
// rebinding attacker would answer: public at one moment, 127.0.0.1 at the next.
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver((req): Reply => {
    if (req.path === "/redirect") return { status: 302, headers: { location: "/elsewhere" } };
    // Longer than any test here runs: only a client that gives up ends the exchange.
    if (req.path === "/slow") return { delayMs: 600_000 };
    if (req.path === "/big") return { status: 500, body: "x".repeat(10_000) };
    if (req.path === "/exact") return { status: 200, body: "y".repeat(2048), headers: { "x-receiver": "test" } };
    return { status: 204, body: "" };
  });
});
afterAll(() => receiver.close());

const post = (url: string, extra: Partial<Parameters<typeof safePost>[1]> = {}) =>
  safePost(url, {
    body: '{"a":1}',
    headers: { "Content-Type": "application/json" },
    timeoutMs: 1_000,
    maxResponseBytes: 2048,
    allowPrivate: true,
    ...extra,
  });

const rebinding: HostResolver = async (host) =>
  host === `hooks.rebind.test`
    ? [{ address: "127.0.0.1", family: 4 }]
    : Promise.reject(Object.assign(new Error("nx"), { code: "ENOTFOUND", hostname: host }));

describe("safePost", () => {
  it("posts the body and returns the status and the first bytes of the answer", async () => {
    const before = receiver.requests.length;
    const res = await post(receiver.url("/ok"));
    expect(res.statusCode).toBe(204);
    expect(receiver.requests[before]).toMatchObject({ method: "POST", path: "/ok", body: '{"a":1}' });
    expect(receiver.requests[before].headers["content-length"]).toBe("7");

    const big = await post(receiver.url("/big"));
    expect(big.statusCode).toBe(500);
    expect(big.body).toBe("x".repeat(2048));
    expect(big.bodyTruncated).toBe(true);
  });

  it("tells a body of exactly the kept size from a longer one, and returns the response headers", async () => {
    const res = await post(receiver.url("/exact"));
    expect(res.body).toBe("y".repeat(2048));
    expect(res.bodyTruncated).toBe(false);
    expect(res.headers).toMatchObject({ "x-receiver": "test", "content-type": "text/plain" });
  });

  it("reports the request headers as written, Host and Content-Length included", async () => {
    let written: Record<string, string> | null = null;
    await post(receiver.url("/ok"), { onRequestHeaders: (headers) => (written = headers) });
    expect(written).toEqual({
      "content-type": "application/json",
      "content-length": "7",
      host: `127.0.0.1:${receiver.port}`,
    });
  });

  it("does not follow redirects", async () => {
    const res = await post(receiver.url("/redirect"));
    expect(res).toMatchObject({ statusCode: 302, location: "/elsewhere" });
    expect(receiver.to("/elsewhere")).toHaveLength(0);
  });

  it("gives up after the timeout, without waiting for the answer", async () => {
    await expect(post(receiver.url("/slow"), { timeoutMs: 200 })).rejects.toThrow("timed out after 200 ms");
    const slow = receiver.to("/slow");
    expect(slow).toHaveLength(1);
    expect(slow[0].answered).toBe(false);
  });

  it("refuses private IP literals unless allowed, before connecting", async () => {
    const before = receiver.requests.length;
    await expect(post(receiver.url("/x"), { allowPrivate: false })).rejects.toThrow(/refused: 127\.0\.0\.1 is a loopback address/);
    await expect(post(`http://[::ffff:127.0.0.1]:${receiver.port}/x`, { allowPrivate: false })).rejects.toThrow(/IPv4-mapped loopback/);
    expect(receiver.requests.length).toBe(before);
  });

  it("checks the address a name resolves to when it connects (DNS rebinding)", async () => {
    const before = receiver.requests.length;
    const url = `http://hooks.rebind.test:${receiver.port}/rebound`;
    await expect(post(url, { allowPrivate: false, resolve: rebinding })).rejects.toThrow(
      /refused: hooks\.rebind\.test resolves to 127\.0\.0\.1, a loopback address/,
    );
    expect(receiver.requests.length).toBe(before);
    // The same resolver with private addresses allowed does reach the server: the check, not
    // a failed resolution, is what stopped the request above.
    const res = await post(url, { allowPrivate: true, resolve: rebinding });
    expect(res.statusCode).toBe(204);
    expect(receiver.to("/rebound")).toHaveLength(1);
  });

  it("reuses a connection per origin, opened through the checked lookup once", async () => {
    let lookups = 0;
    const counting: HostResolver = async (host) => {
      lookups += 1;
      return rebinding(host);
    };
    const url = `http://hooks.rebind.test:${receiver.port}/pooled`;
    for (let i = 0; i < 3; i++) expect((await post(url, { resolve: counting })).statusCode).toBe(204);
    expect(receiver.to("/pooled")).toHaveLength(3);
    expect(lookups).toBe(1);
  });

  it("never lends a connection opened with private addresses allowed to a request that refuses them", async () => {
    const url = `http://hooks.rebind.test:${receiver.port}/lent`;
    expect((await post(url, { allowPrivate: true, resolve: rebinding })).statusCode).toBe(204);
    // The allowed request left an idle keep-alive socket to 127.0.0.1 for this origin.
    await expect(post(url, { allowPrivate: false, resolve: rebinding })).rejects.toThrow(
      /refused: hooks\.rebind\.test resolves to 127\.0\.0\.1/,
    );
    expect(receiver.to("/lent")).toHaveLength(1);
  });

  it("refuses a name when any of its addresses is private", async () => {
    // The lookup alone (no connection is made to the public address in this test).
    const mixed: HostResolver = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ];
    const lookup = guardedLookup({ allowPrivate: false, resolve: mixed });
    const error = await new Promise<Error | null>((done) => lookup("mixed.test", { all: true }, (e) => done(e)));
    expect(error?.message).toMatch(/mixed\.test resolves to 10\.0\.0\.5, a private address/);
    const publicOnly = guardedLookup({ allowPrivate: false, resolve: async () => [{ address: "93.184.216.34", family: 4 }] });
    const found = await new Promise<unknown>((done) => publicOnly("public.test", { all: true }, (_e, a) => done(a)));
    expect(found).toEqual([{ address: "93.184.216.34", family: 4 }]);
  });

  it("reports a refused connection", async () => {
    const closed = await startWebhookReceiver();
    const url = closed.url("/");
    await closed.close();
    await expect(post(url)).rejects.toThrow(/connection refused/);
  });
});
