import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db/client";
import { appSecret } from "@/lib/config/env";
import { verifyPassword } from "./password";

// Dashboard sessions: next-auth credentials provider with JWT sessions. The token carries the
// user's sessionVersion; a password change bumps it, which ends every other session
// (checked in getSessionAuth).
export function authOptions(): NextAuthOptions {
  return {
    secret: appSecret(),
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials) {
          const email = credentials?.email?.trim().toLowerCase();
          const password = credentials?.password;
          if (!email || !password) return null;
          const user = await getDb().user.findUnique({
            where: { email },
            omit: { passwordHash: false },
          });
          if (!user || !(await verifyPassword(password, user.passwordHash))) return null;
          return {
            id: user.id,
            email: user.email,
            name: user.name,
            accountId: user.accountId,
            sessionVersion: user.sessionVersion,
          };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as unknown as { id: string; accountId: string; sessionVersion: number };
          token.userId = u.id;
          token.accountId = u.accountId;
          token.sessionVersion = u.sessionVersion;
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, userId: token.userId, accountId: token.accountId, sessionVersion: token.sessionVersion };
      },
    },
  };
}
