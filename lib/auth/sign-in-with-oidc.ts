import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { getEnv } from "@/lib/config/env";
import { appendAuditEntry } from "@/lib/audit-log/append-audit-entry";
import { hashPassword } from "./password";

export interface OidcIdentity {
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
}

/**
 * The user an OpenID Connect sign-in stands for, or null to refuse it. The identity provider's
 * email must be verified and of an allowed domain. A known address signs in as its user; an
 * address with a pending invitation accepts it (the invitation's account and role); any other
 * joins OIDC_ACCOUNT_ID with OIDC_DEFAULT_ROLE when that is set. A user made here gets a random
 * password nobody knows: they sign in through the provider.
 */
export async function signInWithOidc(identity: OidcIdentity) {
  const env = getEnv();
  if (typeof identity.email !== "string" || identity.email_verified === false) return null;
  const email = identity.email.trim().toLowerCase();
  const domain = email.split("@")[1] ?? "";
  if (env.OIDC_ALLOWED_DOMAINS.length && !env.OIDC_ALLOWED_DOMAINS.includes(domain)) return null;
  const db = getDb();
  const existing = await db.user.findUnique({ where: { email } });
  if (existing) return existing;

  const at = now();
  const invitation = await db.invitation.findFirst({
    where: { email, acceptedAt: null, revokedAt: null, expiresAt: { gt: at } },
    orderBy: { createdAt: "desc" },
  });
  const target = invitation
    ? { accountId: invitation.accountId, role: invitation.role }
    : env.OIDC_ACCOUNT_ID && (await db.account.findUnique({ where: { id: env.OIDC_ACCOUNT_ID }, select: { id: true } }))
      ? { accountId: env.OIDC_ACCOUNT_ID, role: env.OIDC_DEFAULT_ROLE }
      : null;
  if (!target) return null;
  const passwordHash = await hashPassword(randomUUID());
  const name = typeof identity.name === "string" ? identity.name.slice(0, 100) : null;
  try {
    return await db.$transaction(async (tx) => {
      if (invitation) {
        const claimed = await tx.invitation.updateMany({
          where: { id: invitation.id, acceptedAt: null, revokedAt: null },
          data: { acceptedAt: at },
        });
        if (claimed.count !== 1) throw new Error("invitation already used");
      }
      const user = await tx.user.create({ data: { id: newId("usr"), accountId: target.accountId, email, name, passwordHash } });
      const member = await tx.membership.create({
        data: { id: newId("mem"), accountId: target.accountId, userId: user.id, role: target.role },
      });
      await appendAuditEntry(
        {
          accountId: target.accountId,
          actor: { type: "member", id: user.id, label: email },
          action: "member.joined",
          target: { type: "member", id: member.id },
          summary: { after: { email, role: target.role }, via: "sso" },
        },
        tx,
      );
      return user;
    });
  } catch {
    // A concurrent sign-in of the same address made the user first.
    return db.user.findUnique({ where: { email } });
  }
}
