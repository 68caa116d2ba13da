import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, addressFromChain, stampClientAddress } from "./client-address";

describe("addressFromChain", () => {
  it("takes the entry `hops` places from the right of [...X-Forwarded-For, socket]", () => {
    expect(addressFromChain("1.1.1.1, 2.2.2.2", "10.0.0.1", 0)).toBe("10.0.0.1");
    expect(addressFromChain("1.1.1.1, 2.2.2.2", "10.0.0.1", 1)).toBe("2.2.2.2");
    expect(addressFromChain("1.1.1.1, 2.2.2.2", "10.0.0.1", 2)).toBe("1.1.1.1");
    // Fewer entries than hops: the leftmost, what the outermost proxy saw.
    expect(addressFromChain(null, "10.0.0.1", 3)).toBe("10.0.0.1");
    expect(addressFromChain(["1.1.1.1", "2.2.2.2, 3.3.3.3"], "10.0.0.1", 2)).toBe("2.2.2.2");
    expect(addressFromChain(null, "::ffff:192.0.2.5", 0)).toBe("192.0.2.5");
  });

  it("without a socket: never the client's claims with 0 hops, the proxies' entries otherwise", () => {
    expect(addressFromChain("6.6.6.6", undefined, 0)).toBe("unknown");
    expect(addressFromChain(null, undefined, 0)).toBe("unknown");
    expect(addressFromChain("6.6.6.6, 2.2.2.2", undefined, 1)).toBe("2.2.2.2");
    expect(addressFromChain("6.6.6.6, 2.2.2.2", undefined, 2)).toBe("6.6.6.6");
    expect(addressFromChain(null, undefined, 1)).toBe("unknown");
  });
});

describe("stampClientAddress", () => {
  it("sets the header from the real socket and drops the client's copy", async () => {
    const seen: { headers: http.IncomingHttpHeaders; raw: string[] }[] = [];
    const server = http.createServer((req, res) => {
      stampClientAddress(req, 0);
      seen.push({ headers: req.headers, raw: [...req.rawHeaders] });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": "6.6.6.6", [CLIENT_ADDRESS_HEADER]: "7.7.7.7" } });
    server.close();
    expect(seen[0].headers[CLIENT_ADDRESS_HEADER]).toBe("127.0.0.1");
    const raw = seen[0].raw.filter((_, i) => i % 2 === 0 && seen[0].raw[i].toLowerCase() === CLIENT_ADDRESS_HEADER);
    expect(raw).toHaveLength(1);
    expect(seen[0].raw).not.toContain("7.7.7.7");
  });
});
