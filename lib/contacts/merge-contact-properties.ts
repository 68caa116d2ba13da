import { ApiError } from "@/lib/api/errors";
import { CONTACT_PROPERTIES_MAX, type ContactProperties } from "./schemas";

/** A contact would hold more than CONTACT_PROPERTIES_MAX properties after a merge. */
export class TooManyPropertiesError extends ApiError {
  constructor(count: number) {
    super("validation_error", `properties: the contact would have ${count} properties; at most ${CONTACT_PROPERTIES_MAX}`, [
      { path: "properties", message: `at most ${CONTACT_PROPERTIES_MAX} properties per contact (remove some with a null value)` },
    ]);
  }
}

/**
 * The stored properties with `changes` merged in (a null value removes one), as every writer of
 * a contact merges them: a PATCH, an event, an import that updates existing contacts. A body
 * holds at most CONTACT_PROPERTIES_MAX properties, so without this check repeated merges of new
 * keys would grow one contact without bound, and with it every later read and send of it.
 */
export function mergeContactProperties(
  previous: ContactProperties,
  changes: Record<string, ContactProperties[string] | null>,
): ContactProperties {
  const merged = { ...previous };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  const count = Object.keys(merged).length;
  if (count > CONTACT_PROPERTIES_MAX && count > Object.keys(previous).length) throw new TooManyPropertiesError(count);
  return merged;
}
