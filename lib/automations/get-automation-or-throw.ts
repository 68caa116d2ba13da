import { getDb, type Db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { enrollmentStats } from "./enrollments/enrollment-stats";
import { serializeAutomation } from "./serialize-automation";

/** The account's automation with its steps in order, or a 404 (another account's included). */
export async function getAutomationOrThrow(options: { accountId: string; id: string; db?: Db | Tx }) {
  const automation = await (options.db ?? getDb()).automation.findFirst({
    where: { id: options.id, accountId: options.accountId },
    include: { steps: { orderBy: [{ position: "asc" }, { createdAt: "asc" }] } },
  });
  if (!automation) throw notFound("automation");
  return automation;
}

/** The API shape of one automation: steps and enrollment stats included. */
export async function getAutomationResponse(options: { accountId: string; id: string; db?: Db | Tx }) {
  const automation = await getAutomationOrThrow(options);
  const stats = await enrollmentStats([automation.id], options.db);
  return serializeAutomation(automation, stats.get(automation.id));
}
