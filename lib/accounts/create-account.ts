import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { getEnv } from "@/lib/config/env";
import { hashPassword } from "@/lib/auth/password";
import { grantCredits } from "@/lib/credits/grant-credits";
import { ApiError } from "@/lib/api/errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { now } from "@/lib/clock/clock";
import type { SignUpBody } from "./schemas";
import { sendConfirmationEmailJob } from "./send-confirmation-email-job";
import { createDefaultLayout } from "@/lib/layouts/create-default-layout";

export interface CreateAccountOptions {
  /**
   * "confirmed": made by the operator (CLI), the email counts as confirmed. "required": the free
   * credits wait until the emailed link is opened. "none" (default): credits now, unconfirmed.
   */
  confirmation?: "confirmed" | "required" | "none";
}

/**
 * A new account with its first user, its default layout (named after the account: sign-up asks
 * no company name) and the free credits grant (or the pending grant).
 */
export async function createAccount(input: SignUpBody, options: CreateAccountOptions = {}) {
  const confirmation = options.confirmation ?? "none";
  const db = getDb();
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const freeCredits = getEnv().FREE_CREDITS;
  try {
    return await db.$transaction(async (tx) => {
      const account = await tx.account.create({
        data: {
          id: newId("acc"),
          name: input.name,
          email,
          emailConfirmedAt: confirmation === "confirmed" ? now() : null,
          freeCreditsPending: confirmation === "required" ? freeCredits : 0,
        },
      });
      const user = await tx.user.create({
        data: { id: newId("usr"), accountId: account.id, email, name: input.name, passwordHash },
      });
      // Whoever creates an account owns it.
      await tx.membership.create({ data: { id: newId("mem"), accountId: account.id, userId: user.id, role: "owner" } });
      await createDefaultLayout(tx, { accountId: account.id, companyName: input.name });
      if (confirmation === "required") {
        await enqueueJob(sendConfirmationEmailJob, { accountId: account.id }, { tx, dedupeKey: `account.confirmation:${account.id}` });
      } else if (freeCredits > 0) {
        await grantCredits(tx, { accountId: account.id, amount: freeCredits, description: "Free credits on sign-up" });
      }
      return { account, user };
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new ApiError("conflict", "an account with this email already exists", [{ path: "email", message: "already registered" }]);
    }
    throw error;
  }
}
