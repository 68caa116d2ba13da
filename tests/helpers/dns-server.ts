import dgram from "node:dgram";
import type { Socket } from "node:net";
import dns2 from "dns2";

// A real authoritative DNS server on 127.0.0.1 for domain verification tests:
// UDP, plus TCP on the same port for answers too big for a 512-byte UDP reply (the resolver
// retries over TCP when the truncation bit is set). Each test sets the records it needs.

const { Packet } = dns2;

export type TestMx = { exchange: string; priority: number };
type Zone = { TXT?: string[][]; MX?: TestMx[]; A?: string[]; AAAA?: string[] };

export interface TestDnsServer {
  /** "127.0.0.1:<port>", the form DNS_SERVERS takes. */
  address: string;
  port: number;
  /** Replaces the TXT records at a name; a long string is split into 255-byte character-strings. */
  txt(name: string, ...values: string[]): void;
  /** Replaces the MX records at a name; `{ exchange: ".", priority: 0 }` is a null MX (RFC 7505). */
  mx(name: string, ...records: TestMx[]): void;
  /** Replaces the A records at a name (mail hosts in tests point at 127.0.0.x). */
  a(name: string, ...addresses: string[]): void;
  aaaa(name: string, ...addresses: string[]): void;
  /** Answers every query for the name with this error code. */
  fail(name: string, rcode: "SERVFAIL" | "REFUSED"): void;
  /** Removes every record (and failure) at a name. */
  remove(name: string): void;
  /** How many queries arrived for a name (any type), for asserting what was looked up. */
  queries(name: string): number;
  close(): Promise<void>;
}

const key = (name: string) => name.toLowerCase().replace(/\.$/, "");

function chunks(value: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i += 255) out.push(value.slice(i, i + 255));
  return out.length ? out : [""];
}

/** `port` pins the server (e2e: the app under test was started with DNS_SERVERS pointing there). */
export async function startDnsServer(options: { port?: number } = {}): Promise<TestDnsServer> {
  const zones = new Map<string, Zone>();
  const failures = new Map<string, number>();
  const counts = new Map<string, number>();

  const handle: dns2.DnsHandler = (request, send) => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    const question = request.questions[0];
    const name = key(question?.name ?? "");
    counts.set(name, (counts.get(name) ?? 0) + 1);
    const failure = failures.get(name);
    const zone = zones.get(name);
    if (failure !== undefined) {
      response.header.rcode = failure;
    } else if (!zone) {
      response.header.rcode = Packet.RCODE.NXDOMAIN;
    } else if (question.type === Packet.TYPE.TXT) {
      for (const data of zone.TXT ?? []) {
        response.answers.push({
          name: question.name,
          type: Packet.TYPE.TXT,
          class: Packet.CLASS.IN,
          ttl: 60,
          data,
        } as dns2.Packet.Resource);
      }
    } else if (question.type === Packet.TYPE.MX) {
      for (const mx of zone.MX ?? []) {
        response.answers.push({
          name: question.name,
          type: Packet.TYPE.MX,
          class: Packet.CLASS.IN,
          ttl: 60,
          ...mx,
        } as dns2.Packet.Resource);
      }
    } else if (question.type === Packet.TYPE.A || question.type === Packet.TYPE.AAAA) {
      for (const address of (question.type === Packet.TYPE.A ? zone.A : zone.AAAA) ?? []) {
        response.answers.push({
          name: question.name,
          type: question.type,
          class: Packet.CLASS.IN,
          ttl: 60,
          address,
        } as dns2.Packet.Resource);
      }
    }
    void send(response);
  };

  const tcp = dns2.createTCPServer(handle);
  const sockets = new Set<Socket>();
  tcp.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  // UDP takes a random port; TCP must get the same number, so retry if something holds it.
  let port = 0;
  let udp = dns2.createUDPServer(handle);
  for (let attempt = 0; attempt < 20 && !port; attempt++) {
    if (attempt > 0) udp = dns2.createUDPServer(handle);
    await udp.listen(options.port ?? 0, "127.0.0.1");
    const candidate = udp.address().port;
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      tcp.once("error", onError);
      tcp.listen(candidate, "127.0.0.1", () => {
        tcp.off("error", onError);
        resolve(true);
      });
    });
    if (ok) port = candidate;
    else await new Promise<void>((resolve) => udp.close(() => resolve()));
  }
  if (!port) throw new Error("could not bind a DNS test server to matching UDP and TCP ports");

  const zone = (name: string) => {
    const k = key(name);
    if (!zones.has(k)) zones.set(k, {});
    return zones.get(k)!;
  };

  return {
    address: `127.0.0.1:${port}`,
    port,
    txt: (name, ...values) => void (zone(name).TXT = values.map(chunks)),
    mx: (name, ...records) => void (zone(name).MX = records),
    a: (name, ...addresses) => void (zone(name).A = addresses),
    aaaa: (name, ...addresses) => void (zone(name).AAAA = addresses),
    fail: (name, rcode) => void failures.set(key(name), Packet.RCODE[rcode]),
    remove: (name) => {
      zones.delete(key(name));
      failures.delete(key(name));
    },
    queries: (name) => counts.get(key(name)) ?? 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}

/** A UDP port that receives queries and never answers: the resolver times out. */
export async function startSilentDnsServer(): Promise<{
  address: string;
  /** Each query that arrived ("name TYPE"), retries included. */
  queries: string[];
  close(): Promise<void>;
}> {
  const socket = dgram.createSocket("udp4");
  const queries: string[] = [];
  const types = Object.fromEntries(Object.entries(Packet.TYPE).map(([name, code]) => [code, name]));
  socket.on("message", (message: Buffer) => {
    const question = Packet.parse(message).questions[0];
    if (question) queries.push(`${key(question.name)} ${types[question.type] ?? question.type}`);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** An address where nothing listens: queries are refused at once (ICMP port unreachable). */
export async function deadDnsAddress(): Promise<string> {
  const socket = dgram.createSocket("udp4");
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const port = socket.address().port;
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return `127.0.0.1:${port}`;
}
