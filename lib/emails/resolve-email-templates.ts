import type { Db } from "@/lib/db/client";
import { variableFallbacks } from "@/lib/templates/versions/template-content";
import type { SendEmailBody } from "./schemas";

export type TemplateForSend = { id: string; subject: string; htmlBody: string; publishedAt: Date | null };

/**
 * The templates the emails name, by id or by alias (the resend SDK's `template.id` takes
 * either), read as published: the columns every send uses. Each email then names its template
 * by id, and a variable it omits takes its typed variable's fallback_value.
 */
export async function resolveEmailTemplates(db: Db, accountId: string, emails: SendEmailBody[]) {
  const refs = [...new Set(emails.map((e) => e.template_id).filter((t): t is string => !!t))];
  const byRef = new Map<string, TemplateForSend>();
  if (!refs.length) return { emails, byRef };
  const rows = await db.template.findMany({
    where: { accountId, OR: [{ id: { in: refs } }, { alias: { in: refs } }] },
    select: { id: true, alias: true, subject: true, htmlBody: true, publishedAt: true, typedVariables: true },
  });
  const fallbacksOf = new Map<string, Record<string, string | number>>();
  for (const row of rows) {
    byRef.set(row.id, row);
    if (row.alias) byRef.set(row.alias, row);
    fallbacksOf.set(row.id, variableFallbacks(row.typedVariables));
  }
  const resolved = emails.map((e) => {
    const template = e.template_id ? byRef.get(e.template_id) : undefined;
    if (!template) return e;
    const fallbacks = fallbacksOf.get(template.id)!;
    const variables = Object.keys(fallbacks).length ? { ...fallbacks, ...(e.variables ?? {}) } : e.variables;
    return { ...e, template_id: template.id, variables };
  });
  return { emails: resolved, byRef };
}
