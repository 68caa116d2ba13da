import { encode } from "next-auth/jwt";
import { getDb } from "@/lib/db/client";

/** The dashboard's session cookie for a user, with their current session version. */
export async function sessionCookie(userId: string): Promise<string> {
  const user = await getDb().user.findUniqueOrThrow({ where: { id: userId } });
  const jwt = await encode({
    token: { userId, accountId: user.accountId, sessionVersion: user.sessionVersion },
    secret: process.env.APP_SECRET!,
  });
  return `next-auth.session-token=${jwt}`;
}

/** Headers of a same-origin dashboard call with that cookie. */
export function sessionHeaders(cookie: string): Record<string, string> {
  return { cookie, host: "localhost", origin: "http://localhost" };
}
