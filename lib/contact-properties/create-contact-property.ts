import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError } from "@/lib/api/errors";
import { CONTACT_PROPERTY_DEFINITIONS_MAX, type CreateContactPropertyBody } from "./schemas";
import { serializeContactProperty } from "./serialize-contact-property";

/**
 * Declares a typed contact property; a key already declared is a 409. Values written from then
 * on (API, imports) are checked against the type; values stored before are left as they are.
 */
export async function createContactProperty(options: { accountId: string; input: CreateContactPropertyBody }) {
  const { accountId, input } = options;
  const db = getDb();
  if ((await db.contactProperty.count({ where: { accountId } })) >= CONTACT_PROPERTY_DEFINITIONS_MAX) {
    throw new ApiError("limit_reached", `an account declares at most ${CONTACT_PROPERTY_DEFINITIONS_MAX} contact properties`);
  }
  try {
    const row = await db.contactProperty.create({
      data: {
        id: newId("cpr"),
        accountId,
        key: input.key,
        type: input.type,
        fallbackValue: input.fallbackValue ?? undefined,
        createdAt: now(),
      },
    });
    return serializeContactProperty(row);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new ApiError("conflict", `the property "${input.key}" is already declared`, [{ path: "key", message: "already declared" }]);
    }
    throw error;
  }
}
