import type { ContactProperties } from "@/lib/contacts/schemas";

/**
 * The variables an automation email renders with: every string-valued contact
 * property, then the built-ins, which win a clash; every property stays reachable as
 * contact.<name>.
 *
 * Built by assignment onto one object: on Node 20 (V8 11.3), an object literal that spreads a
 * fresh object and then names more properties (`{ ...strings, name, ... }`) took about 10 µs a
 * call, against well under 1 µs here (Node 22 builds either in well under 1 µs), and this runs
 * once for every step email and every broadcast member.
 */
export function buildStepVariables(input: {
  contact: { email: string; name: string | null; properties: unknown };
  companyName: string | null;
  listName: string | null;
  unsubscribeUrl: string;
  /** The properties of the event that started the enrollment: {{event.<key>}}. */
  event?: Record<string, unknown> | null;
}): Record<string, unknown> {
  const properties = (input.contact.properties ?? {}) as ContactProperties;
  const variables: Record<string, unknown> = {};
  for (const key of Object.keys(properties)) {
    if (typeof properties[key] === "string") variables[key] = properties[key];
  }
  variables.contact = { ...properties };
  variables.name = input.contact.name?.trim() || "there";
  variables.email = input.contact.email;
  variables.company = input.companyName ?? "";
  variables.list_name = input.listName ?? "";
  variables.unsubscribe_url = input.unsubscribeUrl;
  variables.event = { ...(input.event ?? {}) };
  return variables;
}
