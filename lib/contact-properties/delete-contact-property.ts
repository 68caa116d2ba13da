import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** Removes a property's declaration; the contacts keep their values, now free-form. */
export async function deleteContactProperty(options: { accountId: string; id: string }) {
  const { count } = await getDb().contactProperty.deleteMany({ where: { id: options.id, accountId: options.accountId } });
  if (!count) throw notFound("contact property");
  return { object: "contact_property" as const, id: options.id, deleted: true as const };
}
