import { createHmac, timingSafeEqual } from "node:crypto";
import { appSecret } from "@/lib/config/env";

// A received message's raw source and attachments are fetched with a link that needs no API key
// (the SDK's forward downloads the raw source with a plain fetch): the link names what it opens
// and until when, signed with APP_SECRET, so nothing is stored and a link cannot be altered.
export const DOWNLOAD_TTL_MS = 60 * 60 * 1000;

export type DownloadKind = "raw" | "att";

function sign(kind: DownloadKind, id: string, expires: number): string {
  return createHmac("sha256", appSecret()).update(`received-download:${kind}:${id}:${expires}`).digest("base64url");
}

export function createDownloadToken(kind: DownloadKind, id: string, nowMs: number): { token: string; expiresAt: Date } {
  const expires = nowMs + DOWNLOAD_TTL_MS;
  return { token: `${kind}.${id}.${expires}.${sign(kind, id, expires)}`, expiresAt: new Date(expires) };
}

/** What a token opens, or null when it is malformed, altered or expired. */
export function readDownloadToken(token: string, nowMs: number): { kind: DownloadKind; id: string } | null {
  const match = /^(raw|att)\.((?:rcv|att)_[0-9A-Za-z]{1,40})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const kind = match[1] as DownloadKind;
  const expires = Number(match[3]);
  if (expires < nowMs) return null;
  const expected = Buffer.from(sign(kind, match[2], expires));
  const given = Buffer.from(match[4]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { kind, id: match[2] } : null;
}
