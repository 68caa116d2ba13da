import { getDb } from "@/lib/db/client";
import { CONTACT_PROPERTY_DEFINITIONS_MAX } from "./schemas";
import { serializeContactProperty } from "./serialize-contact-property";

/** Every declared property of the account (at most CONTACT_PROPERTY_DEFINITIONS_MAX), by key. */
export async function listContactProperties(options: { accountId: string }) {
  const rows = await getDb().contactProperty.findMany({
    where: { accountId: options.accountId },
    orderBy: { key: "asc" },
    take: CONTACT_PROPERTY_DEFINITIONS_MAX,
  });
  return { object: "list" as const, data: rows.map(serializeContactProperty), has_more: false };
}
