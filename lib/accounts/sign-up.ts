import { getEnv, signupRequiresConfirmation } from "@/lib/config/env";
import { consumeWindowLimit } from "@/lib/api/rate-limit";
import { domainOf } from "@/lib/emails/addresses";
import { createAccount } from "./create-account";
import type { SignUpBody } from "./schemas";

/**
 * POST /api/signup: at most SIGNUP_LIMIT_PER_HOUR sign-ups per client address and
 * SIGNUP_DOMAIN_LIMIT_PER_HOUR per email domain (attempts count, failed ones too), then the
 * account; with SIGNUP_REQUIRE_CONFIRMATION its free credits wait for the emailed link.
 */
export async function signUp(options: { input: SignUpBody; clientAddress: string }) {
  const env = getEnv();
  await consumeWindowLimit(
    { name: "signup-address", points: env.SIGNUP_LIMIT_PER_HOUR, durationSeconds: 3600 },
    options.clientAddress,
    "too many sign-ups from this address; try again in an hour",
  );
  await consumeWindowLimit(
    { name: "signup-domain", points: env.SIGNUP_DOMAIN_LIMIT_PER_HOUR, durationSeconds: 3600 },
    domainOf(options.input.email),
    "too many sign-ups with this email domain; try again later",
  );
  const confirmationRequired = signupRequiresConfirmation();
  const { account, user } = await createAccount(options.input, { confirmation: confirmationRequired ? "required" : "none" });
  return { account, user, confirmationRequired };
}
