import { createHash, timingSafeEqual } from "node:crypto";

/** Whether an Authorization header is `Bearer <secret>`, compared in constant time. */
export function verifyCronSecret(header: string | null, secret: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? "");
  if (!match) return false;
  // Hashing first gives equal lengths, so the comparison says nothing about the secret's length.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(secret));
}
