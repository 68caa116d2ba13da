import type { NextAuthOptions } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import CredentialsProvider from "next-auth/providers/credentials";
import { appSecret, getEnv } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { signInWithOidc, type OidcIdentity } from "./sign-in-with-oidc";
import { clientAddressOf } from "@/lib/api/client-address";
import { verifyCredentials } from "./verify-credentials";

/** The OpenID Connect provider, when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
export function oidcProvider(): OAuthConfig<OidcIdentity & { sub: string }> | null {
  const env = getEnv();
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  return {
    id: "oidc",
    name: env.OIDC_NAME,
    type: "oauth",
    wellKnown: `${env.OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    authorization: { params: { scope: "openid email profile" } },
    idToken: true,
    checks: ["pkce", "state"],
    profile: (profile) => ({ id: profile.sub, email: typeof profile.email === "string" ? profile.email : null }),
  };
}

// Dashboard sessions: next-auth credentials provider (and OpenID Connect when configured) with JWT sessions. The token carries the
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
      ...(oidcProvider() ? [oidcProvider()!] : []),
    ],
    callbacks: {
      // An OpenID Connect sign-in: the provider's verified email decides (signInWithOidc).
      async signIn({ account, profile }) {
        if (account?.provider !== "oidc") return true;
        return Boolean(await signInWithOidc((profile ?? {}) as OidcIdentity));
      },
      async jwt({ token, user, account }) {
        if (user && account?.provider === "oidc") {
          const found = user.email ? await getDb().user.findUnique({ where: { email: user.email.trim().toLowerCase() } }) : null;
          if (found) {
            token.userId = found.id;
            token.accountId = found.accountId;
            token.sessionVersion = found.sessionVersion;
          }
        } else if (user) {
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
