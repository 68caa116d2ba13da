import { ApiError } from "@/lib/api/errors";

/** A unique violation on (accountId, name) is a 409 naming the topic; anything else is rethrown. */
export function rethrowTopicNameConflict(error: unknown, name: string | undefined): never {
  if ((error as { code?: string }).code === "P2002") {
    throw new ApiError("conflict", `a topic named "${name}" already exists`, [{ path: "name", message: "already used" }]);
  }
  throw error;
}
