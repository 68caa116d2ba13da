import { isIP } from "node:net";
import nodemailer from "nodemailer";
import { noDelaySocket } from "./no-delay-socket";

/** One receiving server as we connect to it: the MX host's name, one of its addresses, a port. */
export interface MxDestination {
  host: string;
  address: string;
  port: number;
  /** Offer STARTTLS when the server advertises it (off only for the plaintext retry). */
  tls: boolean;
}

export interface MxPoolSettings {
  heloName: string;
  maxConnections: number;
}

interface Pool {
  transporter: nodemailer.Transporter;
  busy: number;
  idleTimer?: NodeJS.Timeout;
}

// A pool left unused this long is closed: a sender talks to thousands of destinations and
// must not keep a socket open to each one it ever reached.
const IDLE_MS = 30_000;

// On globalThis, like the smarthost pool: every bundle in a process shares the connections.
const g = globalThis as unknown as { __mailwrightMxPools?: Map<string, Pool> };
const pools = () => (g.__mailwrightMxPools ??= new Map());

function createPool(destination: MxDestination, settings: MxPoolSettings): Pool {
  const options = {
    pool: true,
    host: destination.address,
    port: destination.port,
    name: settings.heloName,
    secure: false,
    // Opportunistic STARTTLS (RFC 3207): used when offered, never required, and the
    // certificate is not checked (nothing authenticates an MX host's name without DANE or
    // MTA-STS, and many receivers present self-signed certificates).
    ignoreTLS: !destination.tls,
    requireTLS: false,
    opportunisticTLS: true,
    tls: { rejectUnauthorized: false, ...(isIP(destination.host) ? {} : { servername: destination.host }) },
    maxConnections: settings.maxConnections,
    maxMessages: 100,
    // A pooled connection the server closed while we sent is retried once on a fresh one,
    // not forever (nodemailer's default).
    maxRequeues: 1,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 120_000,
    logger: false,
    getSocket: noDelaySocket,
  };
  return { transporter: nodemailer.createTransport(options), busy: 0 };
}

function poolKey(destination: MxDestination): string {
  return `${destination.host}|${destination.address}|${destination.port}|${destination.tls ? "tls" : "plain"}`;
}

/**
 * Hands one message to the destination's pool: at most `maxConnections` connections per
 * destination, reused across messages; beyond that, messages wait in the pool's queue.
 * Rejects with nodemailer's error (`command`, `responseCode`, `code`) when the server refuses.
 */
export async function sendThroughMxPool(
  destination: MxDestination,
  settings: MxPoolSettings,
  message: { envelope: { from: string; to: string[] }; raw: Buffer },
): Promise<{ response: string }> {
  const key = poolKey(destination);
  let pool = pools().get(key);
  if (!pool) {
    pool = createPool(destination, settings);
    pools().set(key, pool);
  }
  clearTimeout(pool.idleTimer);
  pool.busy++;
  try {
    const info = await pool.transporter.sendMail({ envelope: message.envelope, raw: message.raw });
    return { response: String(info.response ?? "") };
  } finally {
    pool.busy--;
    if (pool.busy === 0) {
      const idle = pool;
      idle.idleTimer = setTimeout(() => {
        if (pools().get(key) !== idle || idle.busy > 0) return;
        pools().delete(key);
        idle.transporter.close();
      }, IDLE_MS);
      idle.idleTimer.unref();
    }
  }
}

/** Closes every destination's connections (worker shutdown, tests). */
export function closeMxPools() {
  for (const pool of pools().values()) {
    clearTimeout(pool.idleTimer);
    pool.transporter.close();
  }
  pools().clear();
}

/** How many destination pools are open (tests). */
export function openMxPoolCount(): number {
  return pools().size;
}
