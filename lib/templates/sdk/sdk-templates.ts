import { getDb, type Db, type Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { ApiError, notFound } from "@/lib/api/errors";
import { lockRow } from "@/lib/db/lock-row";
import type { Template } from "@/lib/generated/prisma/client";
import { extractVariables } from "../render";
import { deleteTemplate } from "../delete-template";
import { publishTemplate } from "../versions/publish-template";
import type { Publisher } from "../versions/record-publish";
import { contentColumns, contentJson, workingContent, type TemplateContent } from "../versions/template-content";
import type { SdkCreateTemplateBody, SdkUpdateTemplateBody } from "./sdk-template-schemas";
import { serializeSdkTemplate, serializeSdkTemplateListItem } from "./serialize-sdk-template";

// The resend SDK's templates.create/get/list/update/remove/publish/duplicate, served at its
// base path (/api/v1/resend/templates). `identifier` is the template's id or its alias. create
// makes a draft, update edits the draft (made from the published content when there is none),
// publish makes the draft what sends use; alias is the template's, changed at once.

const ref = (id: string) => ({ object: "template" as const, id });

/** The account's template by id or alias; else a 404 (another account's template included). */
async function findTemplate(db: Db | Tx, accountId: string, identifier: string) {
  const row = await db.template.findFirst({ where: { accountId, OR: [{ id: identifier }, { alias: identifier }] } });
  if (!row) throw notFound("template");
  return row;
}

function aliasTaken(error: unknown, alias: string | null | undefined): never {
  if ((error as { code?: string }).code === "P2002" && alias) {
    throw new ApiError("conflict", `a template with alias "${alias}" already exists`, [{ path: "alias", message: "already used" }]);
  }
  throw error;
}

/** The variables' names: the typed list's keys, else the ones the subject and bodies use. */
function variableNames(content: Pick<TemplateContent, "subject" | "htmlBody" | "text" | "typedVariables">) {
  if (content.typedVariables) return content.typedVariables.map((v) => v.key);
  return extractVariables(content.subject, `${content.htmlBody}\n${content.text ?? ""}`);
}

/** templates.create: a draft, never sent until published. */
export async function createSdkTemplate(options: { accountId: string; input: SdkCreateTemplateBody }) {
  const { input } = options;
  const base = {
    name: input.name,
    subject: input.subject ?? "",
    htmlBody: input.html,
    text: input.text ?? null,
    design: null,
    typedVariables: input.variables ?? null,
    from: input.from ?? null,
    replyTo: input.reply_to ?? [],
  };
  const content: TemplateContent = { ...base, variables: variableNames(base), versionId: newId("tpv") };
  try {
    const row = await getDb().template.create({
      data: {
        id: newId("tpl"),
        accountId: options.accountId,
        alias: input.alias,
        ...contentColumns(content),
        draft: contentJson(content),
        publishedAt: null,
      },
    });
    return ref(row.id);
  } catch (error) {
    aliasTaken(error, input.alias);
  }
}

export async function getSdkTemplate(options: { accountId: string; identifier: string }) {
  const db = getDb();
  const row = await findTemplate(db, options.accountId, options.identifier);
  const latest = await db.templateVersion.findFirst({ where: { templateId: row.id }, orderBy: { number: "desc" }, select: { id: true } });
  return serializeSdkTemplate(row, latest?.id ?? null);
}

/** templates.list: newest first, offset paging (the SDK's cursors are refused by the query schema). */
export async function listSdkTemplates(options: { accountId: string; limit: number; offset: number }) {
  const rows = await getDb().template.findMany({
    where: { accountId: options.accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: options.offset,
    take: options.limit + 1,
  });
  return {
    object: "list" as const,
    data: rows.slice(0, options.limit).map(serializeSdkTemplateListItem),
    has_more: rows.length > options.limit,
  };
}

/** templates.update: the fields given change the draft; an alias changes at once. */
export async function updateSdkTemplate(options: { accountId: string; identifier: string; input: SdkUpdateTemplateBody }) {
  const { accountId, input } = options;
  try {
    const id = await getDb().$transaction(async (tx) => {
      const found = await findTemplate(tx, accountId, options.identifier);
      if (!(await lockRow(tx, "Template", { id: found.id, accountId }))) throw notFound("template");
      const current = await findTemplate(tx, accountId, found.id);
      const draft = editedContent(current, input);
      await tx.template.update({
        where: { id: current.id },
        data: { ...(draft ? { draft: contentJson(draft) } : {}), ...(input.alias !== undefined ? { alias: input.alias } : {}) },
      });
      return current.id;
    });
    return ref(id);
  } catch (error) {
    aliasTaken(error, input.alias);
  }
}

const SDK_CONTENT_FIELDS = ["name", "subject", "html", "text", "from", "reply_to", "variables"] as const;

/** The working copy with the SDK's edit applied, or null when only the alias changes. */
function editedContent(row: Template, input: SdkUpdateTemplateBody): TemplateContent | null {
  if (!SDK_CONTENT_FIELDS.some((field) => input[field] !== undefined)) return null;
  const current = workingContent(row);
  const next: TemplateContent = {
    ...current,
    name: input.name ?? current.name,
    subject: input.subject === undefined ? current.subject : (input.subject ?? ""),
    // HTML set through the SDK is code: the visual editor's blocks no longer describe it.
    htmlBody: input.html ?? current.htmlBody,
    design: input.html !== undefined ? null : current.design,
    text: input.text === undefined ? current.text : input.text,
    from: input.from === undefined ? current.from : input.from,
    replyTo: input.reply_to ?? current.replyTo,
    typedVariables: input.variables ?? current.typedVariables,
    versionId: current.versionId ?? newId("tpv"),
  };
  return { ...next, variables: variableNames(next) };
}

export async function removeSdkTemplate(options: { accountId: string; identifier: string }) {
  const row = await findTemplate(getDb(), options.accountId, options.identifier);
  await deleteTemplate({ accountId: options.accountId, id: row.id });
  return { object: "template" as const, id: row.id, deleted: true as const };
}

/** templates.publish: the draft becomes what sends use, recorded as a version. */
export async function publishSdkTemplate(options: { accountId: string; identifier: string; by: Publisher }) {
  const row = await findTemplate(getDb(), options.accountId, options.identifier);
  await publishTemplate({ accountId: options.accountId, id: row.id, by: options.by });
  return ref(row.id);
}

/** templates.duplicate: a draft copy of the working copy, without the alias ("<name> (copy)"). */
export async function duplicateSdkTemplate(options: { accountId: string; identifier: string }) {
  const row = await findTemplate(getDb(), options.accountId, options.identifier);
  const source = workingContent(row);
  const content: TemplateContent = { ...source, name: `${source.name} (copy)`.slice(0, 200), versionId: newId("tpv") };
  const copy = await getDb().template.create({
    data: {
      id: newId("tpl"),
      accountId: options.accountId,
      ...contentColumns(content),
      sampleData: row.sampleData ?? {},
      draft: contentJson(content),
      publishedAt: null,
    },
  });
  return ref(copy.id);
}
