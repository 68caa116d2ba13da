import { createHash, randomBytes } from "node:crypto";

// An invitation link's token: 32 random bytes; only its SHA-256 is stored, so the database
// alone cannot accept an invitation.
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
