import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import { refineStepContent } from "../schemas";

export const stepContentSchema = z
  .object({ subject: z.string().nullish(), bodyHtml: z.string().nullish(), templateId: z.string().nullish(), design: z.unknown() })
  .superRefine(refineStepContent);

export interface StepContent {
  subject: string | null;
  bodyHtml: string | null;
  templateId: string | null;
  design: unknown;
}

interface StepChange {
  subject?: string | null;
  bodyHtml?: string | null;
  templateId?: string | null;
  design?: unknown;
}

/**
 * A step's content after a change, merged as PATCH /steps/:id merges: a template wins (the
 * inline subject, body and design are cleared); otherwise subject, bodyHtml and design replace
 * what they are given for and templateId is cleared. A design keeps its bodyHtml (rendered from
 * it); bodyHtml written by hand drops the design, and design null drops it keeping the HTML.
 */
export function mergeStepContent(old: StepContent | null, change: StepChange): StepContent {
  // Only the content fields: `old` may be a whole stored step.
  const current: StepContent = old
    ? { subject: old.subject, bodyHtml: old.bodyHtml, templateId: old.templateId, design: old.design ?? null }
    : { subject: null, bodyHtml: null, templateId: null, design: null };
  if (change.templateId) return { subject: null, bodyHtml: null, templateId: change.templateId, design: null };
  const inline = change.subject !== undefined || change.bodyHtml !== undefined || change.design !== undefined;
  if (!inline && change.templateId !== null && old) return current;
  return {
    subject: change.subject === undefined ? current.subject : (change.subject ?? null),
    bodyHtml: change.bodyHtml === undefined ? current.bodyHtml : (change.bodyHtml ?? null),
    templateId: null,
    design: change.design !== undefined ? (change.design ?? null) : change.bodyHtml !== undefined ? null : (current.design ?? null),
  };
}

/** The design column's value for a content. */
export function designColumn(content: StepContent): Prisma.InputJsonValue | typeof Prisma.DbNull {
  return content.design ? (content.design as Prisma.InputJsonValue) : Prisma.DbNull;
}
