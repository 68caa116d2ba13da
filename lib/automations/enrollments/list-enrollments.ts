import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { paginated } from "@/lib/api/pagination";
import type { Prisma } from "@/lib/generated/prisma/client";
import { serializeEnrollment } from "./serialize-enrollment";
import type { ListEnrollmentsQuery } from "../schemas";

/**
 * An automation's enrollments, newest first; optional ?status=. 404 for another account's
 * automation. Test runs are not enrollments of anyone: they have their own list (list-test-runs).
 */
export async function listEnrollments(options: { accountId: string; automationId: string; query: ListEnrollmentsQuery }) {
  const { accountId, automationId, query } = options;
  const db = getDb();
  const automation = await db.automation.findFirst({ where: { id: automationId, accountId }, select: { id: true } });
  if (!automation) throw notFound("automation");
  const where: Prisma.EnrollmentWhereInput = { automationId, accountId, isTest: false, ...(query.status ? { status: query.status } : {}) };
  const [rows, total] = await Promise.all([
    db.enrollment.findMany({
      where,
      include: { contact: { select: { id: true, email: true, name: true } } },
      orderBy: [{ enrolledAt: "desc" }, { id: "desc" }],
      take: query.limit,
      skip: query.offset,
    }),
    db.enrollment.count({ where }),
  ]);
  // A real enrollment always has its contact (deleting the contact deletes the enrollment).
  return paginated(
    rows.map((row) => serializeEnrollment({ ...row, contact: row.contact! })),
    total,
    query,
  );
}
