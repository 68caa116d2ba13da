import type { Db, Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import type { ContactPropertyType } from "@/lib/generated/prisma/enums";
import { propertyValueProblem } from "./property-types";

/** The declared types of `keys` in the account (one indexed read; keys nobody declared are absent). */
export async function declaredPropertyTypes(db: Db | Tx, accountId: string, keys: string[]): Promise<Map<string, ContactPropertyType>> {
  if (!keys.length) return new Map();
  const rows = await db.contactProperty.findMany({ where: { accountId, key: { in: keys } }, select: { key: true, type: true } });
  return new Map(rows.map((r) => [r.key, r.type]));
}

/**
 * A 400 naming each property whose value is not of its declared type (`properties.seats: must
 * be a number`). Null values (a removal in a PATCH) and undeclared keys pass.
 */
export async function checkTypedProperties(
  db: Db | Tx,
  accountId: string,
  properties: Record<string, unknown> | undefined,
  path = "properties",
) {
  if (!properties) return;
  const types = await declaredPropertyTypes(db, accountId, Object.keys(properties));
  const problem = typedPropertiesError(types, properties, path);
  if (problem) throw problem;
}

/** The 400 of checkTypedProperties for types already read (a caller checking many bodies with one read), or null. */
export function typedPropertiesError(
  types: Map<string, ContactPropertyType>,
  properties: Record<string, unknown>,
  path = "properties",
): ApiError | null {
  const problems = Object.entries(properties).flatMap(([key, value]) => {
    const type = types.get(key);
    const problem = !type || value === null || value === undefined ? null : propertyValueProblem(type, value);
    return problem ? [{ path: `${path}.${key}`, message: problem }] : [];
  });
  return problems.length ? new ApiError("validation_error", `${problems[0].path}: ${problems[0].message}`, problems) : null;
}
