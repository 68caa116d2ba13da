import { getDb } from "@/lib/db/client";

/** The accounts a user belongs to, with their role in each; current marks the one shown now. */
export async function listMyAccounts(options: { userId: string; currentAccountId: string }) {
  const rows = await getDb().membership.findMany({
    where: { userId: options.userId },
    include: { account: { select: { name: true } } },
    orderBy: { createdAt: "asc" },
    take: 100,
  });
  return {
    data: rows.map((m) => ({ id: m.accountId, name: m.account.name, role: m.role, current: m.accountId === options.currentAccountId })),
  };
}
