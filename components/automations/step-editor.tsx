"use client";

import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { UpdateStepBody } from "@/lib/automations/schemas";
import type { AutomationStep } from "@/lib/hooks/use-automations";
import { useTemplates } from "@/lib/hooks/use-templates";
import { ApiRequestError, errorMessage } from "@/lib/ui/fetch-api";
import { cn } from "@/lib/ui/cn";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { FormSelect } from "@/components/ui/form-select";
import { StepDelayFields } from "./step-delay-fields";
import { stepDefaults, stepResolver, toStepBody, type StepFormValues } from "./step-form";
import { StepPreview } from "./step-preview";
import { StepInlineFields } from "./step-inline-fields";
import { markSaved, useAutosave } from "./use-autosave";

export interface StepErrors {
  delay?: string;
  email?: string;
}

interface StepEditorProps {
  step: AutomationStep;
  index: number;
  focus: "delay" | "email";
  locked: boolean;
  listName?: string;
  save: (body: UpdateStepBody) => Promise<unknown>;
  registerSave: (save: (() => Promise<boolean>) | null) => void;
  onErrorsChange: (errors: StepErrors) => void;
}

export function StepEditor({ step, index, focus, locked, listName, save, registerSave, onErrorsChange }: StepEditorProps) {
  const templates = useTemplates({ limit: 100, offset: 0 });
  const form = useForm<StepFormValues>({ resolver: stepResolver, defaultValues: stepDefaults(step) });
  const { handleSubmit, watch, setValue, setError, formState } = form;
  const values = watch();

  const submit = handleSubmit(async (v) => {
    const body = toStepBody(v);
    try {
      // null clears the other kind of content on the server.
      await save(v.mode === "template" ? { ...body, subject: null, bodyHtml: null } : { ...body, templateId: null });
      markSaved(form, v, "delayMinutes");
    } catch (error) {
      let matched = false;
      if (error instanceof ApiRequestError) {
        for (const detail of error.details) {
          const key = detail.path.split(".")[0] as keyof StepFormValues;
          if (key === "delayMinutes" || key === "subject" || key === "bodyHtml" || key === "templateId" || key === "design") {
            setError(key, { type: "server", message: detail.message });
            matched = true;
          }
        }
      }
      if (!matched) setError("root", { type: "server", message: errorMessage(error) });
      throw error;
    }
  });

  const dirty = formState.isDirty;
  const saveNow = useAutosave({ form, locked, submit });
  useEffect(() => {
    registerSave(dirty ? saveNow : null);
    return () => registerSave(null);
  }, [dirty, registerSave, saveNow]);

  const e = formState.errors;
  const delayError = e.delayMinutes?.message;
  const emailError = e.subject?.message ?? e.bodyHtml?.message ?? e.design?.message ?? e.templateId?.message ?? e.root?.message;
  useEffect(() => onErrorsChange({ delay: delayError, email: emailError }), [delayError, emailError, onErrorsChange]);

  const template = templates.data?.data.find((t) => t.id === values.templateId);
  const previewSubject = values.mode === "template" ? (template?.subject ?? "") : values.subject;
  const previewHtml = values.mode === "template" ? (template?.htmlBody ?? "") : values.bodyHtml;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void saveNow();
      }}
      noValidate
      aria-label={`Email ${index + 1}`}
    >
      <fieldset disabled={locked} className="min-w-0 space-y-5 pb-4">
        <StepDelayFields form={form} stepId={step.id} index={index} delayMinutes={values.delayMinutes} focused={focus === "delay"} />

        <div className={cn("space-y-4 rounded-lg p-3 ring-1", focus === "email" ? "bg-brand-50/40 ring-brand-200" : "ring-zinc-200")}>
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-[13px] font-semibold text-zinc-900">Email</h3>
            <SegmentedControl
              label="Content"
              value={values.mode}
              onValueChange={(mode) => setValue("mode", mode, { shouldDirty: true })}
              options={[
                { value: "inline", label: "Write" },
                { value: "template", label: "Template" },
              ]}
            />
          </div>
          {values.mode === "template" ? (
            <Field
              id={`template-${step.id}`}
              label="Template"
              error={e.templateId?.message}
              hint={
                templates.data && templates.data.data.length === 0
                  ? "You have no templates yet: create one under Templates, or write the email here."
                  : undefined
              }
            >
              <FormSelect control={form.control} name="templateId">
                <option value="">Choose a template</option>
                {templates.data?.data.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </FormSelect>
            </Field>
          ) : (
            <StepInlineFields step={step} form={form} locked={locked} />
          )}
          {e.root?.message && <Alert tone="error">{e.root.message}</Alert>}
          {!locked && dirty && Object.keys(e).length > 0 && (
            <div className="flex items-center justify-end gap-3 text-[13px] text-zinc-600">
              <span>Not saved until the error is fixed.</span>
              <Button variant="secondary" size="sm" onClick={() => form.reset()}>
                Discard changes
              </Button>
            </div>
          )}
          <div>
            <p className="mb-1.5 text-xs font-medium text-zinc-500">Preview with sample data</p>
            <StepPreview subject={previewSubject} html={previewHtml} listName={listName} height={240} warnUnfilled />
          </div>
        </div>
      </fieldset>
    </form>
  );
}
