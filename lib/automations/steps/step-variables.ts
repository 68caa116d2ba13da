import type { ContactProperties } from "@/lib/contacts/schemas";

/**
 * The variables an automation email renders with: every string-valued contact
 * property, then the built-ins, which win a clash; every property stays reachable as
 * contact.<name>.
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
  const strings = Object.fromEntries(Object.entries(properties).filter(([, v]) => typeof v === "string"));
  return {
    ...strings,
    contact: { ...properties },
    name: input.contact.name?.trim() || "there",
    email: input.contact.email,
    company: input.companyName ?? "",
    list_name: input.listName ?? "",
    unsubscribe_url: input.unsubscribeUrl,
    event: { ...(input.event ?? {}) },
  };
}
