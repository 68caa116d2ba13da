import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { lockRow } from "@/lib/db/lock-row";
import { newId } from "@/lib/db/ids";
import { serializeTemplate } from "../serialize-template";
import { contentJson, type TemplateContent } from "./template-content";

/**
 * Restores a published version as the draft (replacing any draft): the editor opens it for a
 * look before it is published again, and sends keep the published content until then.
 */
export async function restoreTemplateVersion(options: { accountId: string; id: string; versionId: string }) {
  const { accountId, id, versionId } = options;
  const updated = await getDb().$transaction(async (tx) => {
    if (!(await lockRow(tx, "Template", { id, accountId }))) throw notFound("template");
    const version = await tx.templateVersion.findFirst({ where: { id: versionId, templateId: id }, select: { content: true } });
    if (!version) throw notFound("version");
    const draft = { ...(version.content as unknown as TemplateContent), versionId: newId("tpv") };
    return tx.template.update({ where: { id }, data: { draft: contentJson(draft) } });
  });
  return serializeTemplate(updated);
}
