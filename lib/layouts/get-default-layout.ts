import { getDb, type Db, type Tx } from "@/lib/db/client";
import type { LayoutContent } from "./layout-content";

/**
 * The account's default layout as the renderer takes it, or null (an account made before
 * layouts that the migration did not reach): read at every send, so an edit reaches the next one.
 */
export async function getDefaultLayout(options: { accountId: string; db?: Db | Tx }): Promise<LayoutContent | null> {
  return (options.db ?? getDb()).layout.findFirst({
    where: { accountId: options.accountId, isDefault: true },
    select: { headerText: true, logoUrl: true, footerText: true, address: true, brandColor: true, font: true },
  });
}
