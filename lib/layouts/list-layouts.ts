import { getDb } from "@/lib/db/client";
import { serializeLayout } from "./serialize-layout";

/** The account's layouts (at most MAX_LAYOUTS_PER_ACCOUNT), the default first. */
export async function listLayouts(options: { accountId: string }) {
  const rows = await getDb().layout.findMany({
    where: { accountId: options.accountId },
    orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  return { data: rows.map(serializeLayout) };
}
