import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export type IdPrefix =
  | "acc" | "usr" | "key" | "dom" | "tpl" | "em" | "rcp" | "evt" | "sup" | "ctx" | "wh"
  | "msg" | "dlv" | "con" | "lst" | "aut" | "stp" | "enr" | "job" | "idk" | "inb";

/** Random base62 string from a CSPRNG (rejection sampling keeps it unbiased). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/**
 * Opaque id with a kind prefix (DESIGN section 3). The first 8 characters encode the time so
 * ids of one kind sort roughly by creation; the rest is random.
 */
export function newId(prefix: IdPrefix): string {
  let t = Date.now();
  let time = "";
  for (let i = 0; i < 8; i++) {
    time = ALPHABET[t % 62] + time;
    t = Math.floor(t / 62);
  }
  return `${prefix}_${time}${randomBase62(16)}`;
}
