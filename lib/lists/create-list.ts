import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError } from "@/lib/api/errors";
import { listInclude, serializeList } from "./serialize-list";
import type { CreateListBody } from "./schemas";

/** Creates a list; a name already used in the account is a 409. */
export async function createList(options: { accountId: string; input: CreateListBody }) {
  try {
    const list = await getDb().contactList.create({
      data: {
        id: newId("lst"),
        accountId: options.accountId,
        name: options.input.name,
        doubleOptIn: options.input.doubleOptIn ?? false,
        createdAt: now(),
      },
      include: listInclude,
    });
    return serializeList(list);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new ApiError("conflict", `a list named "${options.input.name}" already exists`, [{ path: "name", message: "already used" }]);
    }
    throw error;
  }
}
