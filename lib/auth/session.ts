import { cache } from "react";
import { getServerSession } from "next-auth";
import { getToken } from "next-auth/jwt";
import { RequestCookies } from "next/dist/server/web/spec-extension/cookies";
import { getDb } from "@/lib/db/client";
import { appSecret } from "@/lib/config/env";
import type { Role } from "@/lib/members/roles";
import { authOptions } from "./options";

export interface SessionUser {
  userId: string;
  accountId: string;
  email: string;
  role: Role;
}

/**
 * The user behind a session token, with their role in the account they are looking at, or null
 * when the token's session version is stale (a password change, a removal or a role change
 * bumps it) or the user is no longer a member of that account. One query per request.
 */
async function checkVersion(userId: unknown, version: unknown): Promise<SessionUser | null> {
  if (typeof userId !== "string") return null;
  const rows = await getDb().$queryRaw<{ id: string; accountId: string; email: string; sessionVersion: number; role: Role | null }[]>`
    SELECT u."id", u."accountId", u."email", u."sessionVersion", m."role"::text AS "role"
    FROM "User" u LEFT JOIN "Membership" m ON m."userId" = u."id" AND m."accountId" = u."accountId"
    WHERE u."id" = ${userId}`;
  const user = rows[0];
  if (!user || !user.role || user.sessionVersion !== (version ?? 0)) return null;
  return { userId: user.id, accountId: user.accountId, email: user.email, role: user.role };
}

/** The signed-in user of a request (route handlers), or null. */
export async function getRequestSession(req: Request): Promise<SessionUser | null> {
  const cookie = req.headers.get("cookie");
  if (!cookie || !cookie.includes("next-auth.session-token")) return null;
  // Next's own cookie parser skips a value that is not valid percent-encoding (a bare
  // decodeURIComponent throws URIError: a 500); getToken answers null for any token it cannot
  // decrypt. So a malformed cookie is no session: 401 from the API, the login page for pages.
  const token = await getToken({
    req: { cookies: new RequestCookies(req.headers), headers: req.headers } as never,
    secret: appSecret(),
  });
  if (!token) return null;
  return checkVersion(token.userId, token.sessionVersion);
}

/** The signed-in user for server components and pages, or null (one lookup per request). */
export const getPageSession = cache(async (): Promise<SessionUser | null> => {
  const session = (await getServerSession(authOptions())) as { userId?: string; sessionVersion?: number } | null;
  if (!session) return null;
  return checkVersion(session.userId, session.sessionVersion);
});
