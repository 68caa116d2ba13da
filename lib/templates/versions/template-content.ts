import { Prisma, type Template } from "@/lib/generated/prisma/client";
import type { Design } from "../design";

// What a version of a template holds: everything a send reads from it. The published content
// lives in the Template row's columns (every send path reads those), the working copy in its
// `draft` column and each publish in a TemplateVersion row, all three as this one shape.
// Row-level settings (alias, sample data) are not versioned.

/** A typed variable as the resend SDK declares it; fallback_value fills the variable when a send omits it. */
export type TypedVariable = { key: string; type: "string" | "number"; fallback_value: string | number | null };

export type TemplateContent = {
  name: string;
  subject: string;
  htmlBody: string;
  text: string | null;
  design: Design | null;
  variables: string[];
  typedVariables: TypedVariable[] | null;
  from: string | null;
  replyTo: string[];
  /** A draft's id-to-be: the id of the version its publish records (the SDK's current_version_id). */
  versionId?: string;
};

/** The published content: the row's columns. */
export function publishedContent(row: Template): TemplateContent {
  return {
    name: row.name,
    subject: row.subject,
    htmlBody: row.htmlBody,
    text: row.text,
    // Stored only after the schema accepted it.
    design: (row.design ?? null) as Design | null,
    variables: row.variables,
    typedVariables: (row.typedVariables ?? null) as TypedVariable[] | null,
    from: row.fromAddress,
    replyTo: row.replyTo,
  };
}

/** The draft, or null when there is none. */
export function draftContent(row: Template): TemplateContent | null {
  return (row.draft ?? null) as TemplateContent | null;
}

/** What an editor opens: the draft when there is one, else the published content. */
export function workingContent(row: Template): TemplateContent {
  return draftContent(row) ?? publishedContent(row);
}

/** The row's columns for publishing `content`. */
export function contentColumns(content: TemplateContent) {
  return {
    name: content.name,
    subject: content.subject,
    htmlBody: content.htmlBody,
    text: content.text,
    design: content.design ? (content.design as Prisma.InputJsonValue) : Prisma.DbNull,
    variables: content.variables,
    typedVariables: content.typedVariables ? (content.typedVariables as Prisma.InputJsonValue) : Prisma.DbNull,
    fromAddress: content.from,
    replyTo: content.replyTo,
  };
}

/** The content as a version stores it: without a draft's id-to-be. */
export function versionContent(content: TemplateContent): TemplateContent {
  const rest = { ...content };
  delete rest.versionId;
  return rest;
}

/** The content as stored JSON (the draft column, a version's content). */
export function contentJson(content: TemplateContent): Prisma.InputJsonValue {
  return content as unknown as Prisma.InputJsonValue;
}

/** The fallback values of the typed variables, by key (none for a null fallback). */
export function variableFallbacks(typedVariables: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const v of (typedVariables ?? []) as TypedVariable[]) if (v.fallback_value !== null) out[v.key] = v.fallback_value;
  return out;
}
