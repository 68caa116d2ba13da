"use client";

import { useRef } from "react";
import { useWatch, type FieldError, type UseFormReturn } from "react-hook-form";
import type { StepFormValues } from "@/lib/automations/graph/step-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { DesignBodyField } from "@/components/templates/design-editor/design-body-field";
import { STEP_DESIGN_VARIABLES, savedStepBody, useStepDesign } from "./use-step-design";
import { VariablesMenu } from "./variables-menu";

const textarea =
  "block w-full rounded-lg border border-zinc-200 bg-white px-3 py-2 font-mono text-xs leading-5 text-zinc-900 shadow-xs focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none aria-invalid:border-red-500 disabled:bg-zinc-50 disabled:text-zinc-500";

interface JourneyEmailFieldsProps {
  form: UseFormReturn<StepFormValues>;
  /** The step's config as saved in the draft (the API's names). */
  config: Record<string, unknown>;
  id: (name: string) => string;
  locked: boolean;
}

/**
 * A journey send_email step: its subject and body (the visual editor, or HTML as code), or a
 * template instead, and its sender. The body's design and the HTML rendered from it go into the
 * form together, so the step's config keeps both.
 */
export function JourneyEmailFields({ form, config, id, locked }: JourneyEmailFieldsProps) {
  const { register, setValue, formState } = form;
  const templateId = useWatch({ control: form.control, name: "fields.templateId" });
  const body = useStepDesign({
    saved: savedStepBody(config.design, typeof config.html === "string" ? config.html : null),
    onChange: (design, html) => {
      setValue("design", design, { shouldDirty: true });
      setValue("fields.html", html, { shouldDirty: true });
    },
  });
  const lastField = useRef<"subject" | "html">("subject");
  const subjectRef = useRef<HTMLInputElement | null>(null);
  const htmlRef = useRef<HTMLTextAreaElement | null>(null);
  const errorOf = (name: string) =>
    (formState.errors.fields as Record<string, FieldError | undefined> | undefined)?.[name]?.message ??
    (name === "html" ? (formState.errors.design as FieldError | undefined)?.message : undefined);

  function insertVariable(text: string) {
    const name = body.mode === "visual" ? "subject" : lastField.current;
    const element = name === "subject" ? subjectRef.current : htmlRef.current;
    const current = form.getValues(`fields.${name}`) ?? "";
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    setValue(`fields.${name}`, current.slice(0, start) + text + current.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + text.length, start + text.length);
    });
  }

  const text = (name: string, label: string, hint?: string, placeholder?: string) => (
    <Field id={id(name)} label={label} hint={hint} error={errorOf(name)}>
      <Input {...register(`fields.${name}`)} placeholder={placeholder} autoComplete="off" />
    </Field>
  );
  const subjectField = register("fields.subject");
  const htmlField = register("fields.html");
  const usesTemplate = !!templateId?.trim();
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
      <Field
        id={id("subject")}
        label="Subject"
        hint={usesTemplate ? "Empty: the template's subject." : undefined}
        error={errorOf("subject")}
      >
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
      {text("templateId", "Template ID", "Instead of the body below: the template's published content.", "tpl_…")}
      {!usesTemplate && (
        <DesignBodyField
          body={body}
          knownVariables={STEP_DESIGN_VARIABLES}
          onSwitchToCode={(html) => {
            setValue("design", null, { shouldDirty: true });
            setValue("fields.html", html, { shouldDirty: true });
          }}
          code={
            <Field id={id("html")} label="Body (HTML)" error={errorOf("html")}>
              <textarea
                {...htmlField}
                ref={(el) => {
                  htmlField.ref(el);
                  htmlRef.current = el;
                }}
                onFocus={() => (lastField.current = "html")}
                rows={7}
                spellCheck={false}
                className={textarea}
              />
            </Field>
          }
        />
      )}
      {text("from", "From", "Empty: the automation's sender.")}
      {text("replyTo", "Reply to")}
    </>
  );
}
