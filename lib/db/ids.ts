import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export type IdPrefix =
  | "acc"
  | "usr"
  | "key"
  | "dom"
  | "tpl"
  | "em"
  | "rcp"
  | "evt"
  | "sup"
  | "ctx"
  | "wh"
  | "msg"
  | "dlv"
  | "con"
  | "lst"
  | "aut"
  | "stp"
  | "enr"
  | "job"
  | "idk"
  | "inb"
  | "imp"
  | "bc"
  | "cev"
  | "rcv"
  | "att"
  | "top"
  | "cpr"
  | "log"
  | "rst"
  | "edf"
  | "mem"
  | "inv"
  | "aud"
  | "tpv"
  | "img"
  | "lay";

// Random bytes are drawn from the CSPRNG a pool at a time: a call per id (four ids per accepted
// email) cost more than the rest of making it. Each byte is used once.
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolAt = POOL_BYTES;

function randomByte(): number {
  if (poolAt === POOL_BYTES) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const byte = pool[poolAt];
  pool[poolAt++] = 0; // wiped once handed out: no byte is used twice
  return byte;
}

/** Random base62 string from a CSPRNG (rejection sampling keeps it unbiased). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

function base62(n: number, width: number): string {
  let out = "";
  for (let i = 0; i < width; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

// Within one process, ids made in the same millisecond get a rising sequence, so a list made
// in one go (a batch's emails, an email's recipients) sorts in the order it was made.
const state = { ms: 0, seq: 0 };

/**
 * Opaque id with a kind prefix: 8 characters of time, 3 of sequence, 13
 * random. Ids of one kind sort by creation.
 */
export function newId(prefix: IdPrefix): string {
  const ms = Date.now();
  if (ms === state.ms) state.seq += 1;
  else {
    state.ms = ms;
    state.seq = 0;
  }
  return `${prefix}_${base62(ms, 8)}${base62(state.seq % 238_328, 3)}${randomBase62(13)}`;
}
