import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { lockRow } from "@/lib/db/lock-row";
import { newId } from "@/lib/db/ids";
import { getTemplateOrThrow } from "../get-template-or-throw";
import { serializeTemplate } from "../serialize-template";
import type { UpdateTemplateBody } from "../schemas";
import { applyTemplateEdit } from "./apply-template-edit";
import { Prisma } from "@/lib/generated/prisma/client";
import { contentJson, publishedContent, versionContent, workingContent, type TemplateContent } from "./template-content";

/**
 * Saves the dashboard editor's edit as the draft: the working copy (the draft, else the
 * published content) with the fields given changed. Sends keep using the published content
 * until the draft is published. sampleData is the editor's setting, saved on the template.
 */
export async function saveTemplateDraft(options: { accountId: string; id: string; input: UpdateTemplateBody }) {
  const { accountId, id, input } = options;
  const updated = await getDb().$transaction(async (tx) => {
    if (!(await lockRow(tx, "Template", { id, accountId }))) throw notFound("template");
    const current = await getTemplateOrThrow({ accountId, id, db: tx });
    const working = workingContent(current);
    const edited = applyTemplateEdit(working, input);
    // Back to what is published (an edit undone, a sample value saved): no draft to publish.
    const same = current.publishedAt !== null && sameContent(edited, publishedContent(current));
    const draft = same ? Prisma.DbNull : contentJson({ ...edited, versionId: working.versionId ?? newId("tpv") });
    return tx.template.update({ where: { id }, data: { draft, sampleData: input.sampleData } });
  });
  return serializeTemplate(updated);
}

// Compared as JSON with sorted keys: stored JSON (jsonb) does not keep the order keys came in.
function sameContent(a: TemplateContent, b: TemplateContent) {
  return canonical(versionContent(a)) === canonical(versionContent(b));
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
