import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/config/env";
import { consumeWindowLimit, resetWindowLimit, type WindowLimit } from "@/lib/api/rate-limit";
import { hashPassword, verifyPassword } from "./password";

/** What authorize() throws when a limit is hit; the login form shows it as "too many attempts". */
export const LOGIN_RATE_LIMITED = "RateLimited";
/** What authorize() throws for a right password on an account that signs in through single sign-on only. */
export const LOGIN_SSO_ONLY = "SsoOnly";

// An unknown email is checked against this hash, so it costs one bcrypt compare like a wrong
// password and the answer's timing does not tell which emails have accounts. Started at import.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(randomUUID()));
void dummy();

function limits(): { address: WindowLimit; account: WindowLimit } {
  const env = getEnv();
  const durationSeconds = env.LOGIN_LIMIT_WINDOW_MINUTES * 60;
  return {
    address: { name: "login-address", points: env.LOGIN_LIMIT_PER_ADDRESS, durationSeconds },
    account: { name: "login-account", points: env.LOGIN_LIMIT_PER_ACCOUNT, durationSeconds },
  };
}

/**
 * Dashboard login: every attempt counts against the client address, and against
 * the email until a successful login clears it; past either limit the attempt is refused
 * before any password check. Returns the user, or null for a wrong email or password.
 */
export async function verifyCredentials(options: { email: string; password: string; clientAddress: string }) {
  const email = options.email.trim().toLowerCase();
  const { address, account } = limits();
  try {
    await consumeWindowLimit(address, options.clientAddress, LOGIN_RATE_LIMITED);
    await consumeWindowLimit(account, email, LOGIN_RATE_LIMITED);
  } catch (error) {
    if ((error as { code?: string }).code === "rate_limited") throw new Error(LOGIN_RATE_LIMITED);
    throw error;
  }
  const user = await getDb().user.findUnique({ where: { email }, omit: { passwordHash: false } });
  const ok = await verifyPassword(options.password, user?.passwordHash ?? (await dummy()));
  if (!user || !ok) return null;
  await resetWindowLimit(account, email);
  const home = await getDb().account.findUnique({ where: { id: user.accountId }, select: { passwordSignIn: true } });
  if (home && !home.passwordSignIn && getEnv().OIDC_ISSUER) throw new Error(LOGIN_SSO_ONLY);
  return user;
}
