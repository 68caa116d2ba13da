import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { getContactPropertyOrThrow } from "./get-contact-property-or-throw";
import { propertyValueProblem } from "./property-types";
import type { UpdateContactPropertyBody } from "./schemas";
import { serializeContactProperty } from "./serialize-contact-property";

/** Changes a declared property's fallback value (checked against its type; null clears it). */
export async function updateContactProperty(options: { accountId: string; id: string; input: UpdateContactPropertyBody }) {
  const current = await getContactPropertyOrThrow(options);
  const { fallbackValue } = options.input;
  const problem = fallbackValue === null || fallbackValue === undefined ? null : propertyValueProblem(current.type, fallbackValue);
  if (problem) {
    const message = `the fallback of a ${current.type} property ${problem}`;
    throw new ApiError("validation_error", `fallback_value: ${message}`, [{ path: "fallback_value", message }]);
  }
  const row = await getDb().contactProperty.update({
    where: { id: current.id },
    data: { fallbackValue: fallbackValue === null ? Prisma.DbNull : fallbackValue },
  });
  return serializeContactProperty(row);
}
