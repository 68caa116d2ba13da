import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

export async function getCreditBalance(options: { accountId: string }) {
  const account = await getDb().account.findUnique({
    where: { id: options.accountId },
    select: { creditBalance: true },
  });
  if (!account) throw notFound("account");
  return { balance: account.creditBalance };
}
