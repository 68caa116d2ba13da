import type { FieldErrors, Resolver } from "react-hook-form";
import { stepInputSchema } from "@/lib/automations/schemas";
import type { AutomationStep } from "@/lib/hooks/use-automations";
import type { Design } from "@/lib/templates/design";

export type StepMode = "inline" | "template";

export interface StepFormValues {
  mode: StepMode;
  delayMinutes: number;
  subject: string;
  bodyHtml: string;
  templateId: string;
  /** The visual editor's blocks bodyHtml is rendered from; null: the body is HTML written as code. */
  design: unknown;
}

/** The step body the API takes: a template, or a subject and a body. */
export function toStepBody(values: StepFormValues) {
  return values.mode === "template"
    ? { delayMinutes: values.delayMinutes, templateId: values.templateId || undefined }
    : {
        delayMinutes: values.delayMinutes,
        subject: values.subject,
        bodyHtml: values.bodyHtml,
        ...(values.design ? { design: values.design as Design } : {}),
      };
}

// The API's own step schema validates the form.
export const stepResolver: Resolver<StepFormValues> = async (values) => {
  const body = toStepBody(values);
  const parsed = stepInputSchema.safeParse(body);
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<StepFormValues> = {};
  for (const issue of parsed.error.issues) {
    let key = String(issue.path[0] ?? "subject") as keyof StepFormValues;
    if (values.mode === "template" && key !== "delayMinutes") key = "templateId";
    errors[key] ??= { type: "validation", message: key === "templateId" && !values.templateId ? "Choose a template" : issue.message };
  }
  return { values: {}, errors };
};

export function stepDefaults(step: AutomationStep): StepFormValues {
  return {
    mode: step.templateId ? "template" : "inline",
    delayMinutes: step.delayMinutes,
    subject: step.subject ?? "",
    bodyHtml: step.bodyHtml ?? "",
    templateId: step.templateId ?? "",
    design: step.design ?? null,
  };
}
