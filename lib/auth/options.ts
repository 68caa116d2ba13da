import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { appSecret } from "@/lib/config/env";
import { clientAddressOf } from "@/lib/api/client-address";
import { verifyCredentials } from "./verify-credentials";

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
        async authorize(credentials, req) {
          const email = credentials?.email?.trim().toLowerCase();
          const password = credentials?.password;
          if (!email || !password) return null;
          // Throws LOGIN_RATE_LIMITED past the per-address or per-account limit.
          const user = await verifyCredentials({ email, password, clientAddress: clientAddressOf(req?.headers ?? {}) });
          if (!user) return null;
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
