import { getDb } from "@/lib/db/client";
import type { LayoutContent } from "./layout-content";

/** The default layouts of several accounts in one query (a batch of sends), by account id. */
export async function getDefaultLayouts(accountIds: string[]): Promise<Map<string, LayoutContent>> {
  if (!accountIds.length) return new Map();
  const rows = await getDb().layout.findMany({
    where: { accountId: { in: accountIds }, isDefault: true },
    select: { accountId: true, headerText: true, logoUrl: true, footerText: true, address: true, brandColor: true, font: true },
  });
  return new Map(rows.map(({ accountId, ...layout }) => [accountId, layout]));
}
