import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { getEnv } from "@/lib/config/env";
import { hashPassword } from "@/lib/auth/password";
import { grantCredits } from "@/lib/credits/grant-credits";
import { ApiError } from "@/lib/api/errors";
import type { SignUpBody } from "./schemas";

/** A new account with its first user and the free credits grant. */
export async function createAccount(input: SignUpBody) {
  const db = getDb();
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const freeCredits = getEnv().FREE_CREDITS;
  try {
    return await db.$transaction(async (tx) => {
      const account = await tx.account.create({
        data: { id: newId("acc"), name: input.name, email },
      });
      const user = await tx.user.create({
        data: { id: newId("usr"), accountId: account.id, email, name: input.name, passwordHash },
      });
      if (freeCredits > 0) {
        await grantCredits(tx, { accountId: account.id, amount: freeCredits, description: "Free credits on sign-up" });
      }
      return { account, user };
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new ApiError("conflict", "an account with this email already exists", [
        { path: "email", message: "already registered" },
      ]);
    }
    throw error;
  }
}
