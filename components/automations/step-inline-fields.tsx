"use client";

import { useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { AutomationStep } from "@/lib/hooks/use-automations";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { DesignBodyField } from "@/components/templates/design-editor/design-body-field";
import type { StepFormValues } from "./step-form";
import { STEP_DESIGN_VARIABLES, savedStepBody, useStepDesign } from "./use-step-design";
import { VariablesMenu } from "./variables-menu";

const textarea =
  "block w-full rounded-lg border border-zinc-200 bg-white px-3 py-2 font-mono text-xs leading-5 text-zinc-900 shadow-xs focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none aria-invalid:border-red-500 disabled:bg-zinc-50 disabled:text-zinc-500";

/**
 * A linear step's own email: the subject, and the body in the visual editor (or as HTML code).
 * The variables menu inserts into the subject, or into the HTML being written as code; in the
 * visual editor, variables are chips inserted from its toolbar.
 */
export function StepInlineFields({ step, form, locked }: { step: AutomationStep; form: UseFormReturn<StepFormValues>; locked: boolean }) {
  const { register, setValue, formState } = form;
  const body = useStepDesign({
    saved: savedStepBody(step.design, step.bodyHtml),
    onChange: (design, html) => {
      setValue("design", design, { shouldDirty: true });
      setValue("bodyHtml", html, { shouldDirty: true });
    },
  });
  const lastField = useRef<"subject" | "bodyHtml">("subject");
  const subjectRef = useRef<HTMLInputElement | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const e = formState.errors;

  function insertVariable(text: string) {
    const field = body.mode === "visual" ? "subject" : lastField.current;
    const element = field === "subject" ? subjectRef.current : bodyRef.current;
    const current = form.getValues(field);
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    setValue(field, current.slice(0, start) + text + current.slice(end), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + text.length, start + text.length);
    });
  }

  const subjectField = register("subject");
  const bodyField = register("bodyHtml");
  return (
    <>
      <div className="flex justify-end">
        <VariablesMenu
          onInsert={insertVariable}
          disabled={locked}
          // The visual editor inserts its own variables as chips: this menu's go into the subject.
          label={body.mode === "visual" ? "Insert variable in subject" : "Insert variable"}
        />
      </div>
      <Field id={`subject-${step.id}`} label="Subject" error={e.subject?.message}>
        <Input
          {...subjectField}
          ref={(el) => {
            subjectField.ref(el);
            subjectRef.current = el;
          }}
          onFocus={() => (lastField.current = "subject")}
          autoComplete="off"
        />
      </Field>
      <DesignBodyField
        body={body}
        knownVariables={STEP_DESIGN_VARIABLES}
        onSwitchToCode={(html) => {
          setValue("design", null, { shouldDirty: true });
          setValue("bodyHtml", html, { shouldDirty: true });
        }}
        code={
          <Field id={`body-${step.id}`} label="Body (HTML)" error={e.bodyHtml?.message}>
            <textarea
              {...bodyField}
              ref={(el) => {
                bodyField.ref(el);
                bodyRef.current = el;
              }}
              onFocus={() => (lastField.current = "bodyHtml")}
              rows={9}
              spellCheck={false}
              className={textarea}
            />
          </Field>
        }
      />
      {body.mode === "visual" && (e.design?.message || e.bodyHtml?.message) && (
        <p className="text-[13px] text-red-600">{e.design?.message ?? e.bodyHtml?.message}</p>
      )}
    </>
  );
}
