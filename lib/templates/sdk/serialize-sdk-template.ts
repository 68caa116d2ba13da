import type { Template } from "@/lib/generated/prisma/client";
import { draftContent, workingContent } from "../versions/template-content";

// The resend SDK's Template: the working copy (the draft when there is one), published when any
// version was. Variables of a template made through the spec's routes (names only) read as
// strings without a fallback.

export function serializeSdkTemplate(row: Template, latestVersionId: string | null) {
  const content = workingContent(row);
  const stamp = { created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
  const variables = content.typedVariables
    ? content.typedVariables.map((v) => ({ key: v.key, type: v.type, fallback_value: v.fallback_value, ...stamp }))
    : content.variables.map((key) => ({ key, type: "string" as const, fallback_value: null, ...stamp }));
  return {
    object: "template" as const,
    id: row.id,
    name: content.name,
    subject: content.subject === "" ? null : content.subject,
    html: content.htmlBody,
    text: content.text,
    status: row.publishedAt ? ("published" as const) : ("draft" as const),
    variables,
    alias: row.alias,
    from: content.from,
    reply_to: content.replyTo.length ? content.replyTo : null,
    published_at: row.publishedAt?.toISOString() ?? null,
    ...stamp,
    has_unpublished_versions: row.publishedAt !== null && draftContent(row) !== null,
    current_version_id: content.versionId ?? latestVersionId ?? row.id,
  };
}

export function serializeSdkTemplateListItem(row: Template) {
  return {
    id: row.id,
    name: workingContent(row).name,
    alias: row.alias,
    status: row.publishedAt ? ("published" as const) : ("draft" as const),
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
