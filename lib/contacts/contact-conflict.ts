import { ApiError } from "@/lib/api/errors";

/** Maps the (accountId, email) unique violation to a 409 that names the address. */
export function rethrowEmailConflict(error: unknown, email: string | undefined): never {
  if ((error as { code?: string } | null)?.code === "P2002" && email) {
    throw new ApiError("conflict", `a contact with the email ${email} already exists`, [
      { path: "email", message: "already used by another contact" },
    ]);
  }
  throw error;
}
