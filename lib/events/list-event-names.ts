import { getDb } from "@/lib/db/client";

const MAX_NAMES = 200;

/** The event names the account has recorded (for the builder's event trigger), by name. */
export async function listEventNames(options: { accountId: string }) {
  const rows = await getDb().contactEvent.groupBy({
    by: ["name"],
    where: { accountId: options.accountId },
    _count: { _all: true },
    orderBy: { name: "asc" },
    take: MAX_NAMES,
  });
  return { data: rows.map((r) => ({ name: r.name, count: r._count._all })) };
}
