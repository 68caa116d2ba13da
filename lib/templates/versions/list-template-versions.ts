import { getDb } from "@/lib/db/client";
import { getTemplateOrThrow } from "../get-template-or-throw";
import type { TemplateContent } from "./template-content";

// A template's history is bounded per page: a version holds up to 512 KB of HTML, so the list
// carries each version's name and subject and who published it, not its body.
export const TEMPLATE_VERSIONS_PAGE = 50;

/** The template's published versions, newest first, each with who published it and when. */
export async function listTemplateVersions(options: { accountId: string; id: string }) {
  const db = getDb();
  const template = await getTemplateOrThrow({ accountId: options.accountId, id: options.id });
  const rows = await db.templateVersion.findMany({
    where: { templateId: template.id },
    orderBy: { number: "desc" },
    take: TEMPLATE_VERSIONS_PAGE,
    select: { id: true, number: true, publishedByUserId: true, publishedByKeyId: true, createdAt: true, content: true },
  });
  const userIds = [...new Set(rows.map((r) => r.publishedByUserId).filter((u): u is string => !!u))];
  const keyIds = [...new Set(rows.map((r) => r.publishedByKeyId).filter((k): k is string => !!k))];
  const [users, keys] = await Promise.all([
    userIds.length ? db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } }) : [],
    keyIds.length
      ? db.apiKey.findMany({ where: { id: { in: keyIds }, accountId: options.accountId }, select: { id: true, name: true } })
      : [],
  ]);
  const emailOf = new Map(users.map((u) => [u.id, u.email]));
  const keyName = new Map(keys.map((k) => [k.id, k.name]));
  return {
    data: rows.map((row, i) => {
      const content = row.content as unknown as TemplateContent;
      return {
        id: row.id,
        number: row.number,
        name: content.name,
        subject: content.subject,
        current: i === 0 && template.publishedAt !== null,
        publishedAt: row.createdAt.toISOString(),
        publishedBy: row.publishedByUserId
          ? { type: "member" as const, id: row.publishedByUserId, email: emailOf.get(row.publishedByUserId) ?? null }
          : row.publishedByKeyId
            ? { type: "api_key" as const, id: row.publishedByKeyId, name: keyName.get(row.publishedByKeyId) ?? null }
            : null,
      };
    }),
  };
}
