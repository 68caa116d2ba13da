"use client";

import { useEffect, useMemo, useRef } from "react";
import { useFieldArray, useForm, useWatch, type FieldError } from "react-hook-form";
import { configFromWire } from "@/lib/automations/graph/wire-config";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PlusIcon, TrashIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { JourneyEmailFields } from "./journey-email-fields";
import { STEP_HINTS, STEP_LABELS, type JourneyStep } from "./journey-format";
import { formMode, stepFormResolver, toFormValues, wireConfigOf, type StepFormValues } from "@/lib/automations/graph/step-form";

const textarea =
  "block w-full rounded-lg border border-zinc-200 bg-white px-3 py-2 font-mono text-xs leading-5 text-zinc-900 shadow-xs focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none aria-invalid:border-red-500 disabled:bg-zinc-50 disabled:text-zinc-500";

const OPERATORS = [
  ["eq", "is"],
  ["neq", "is not"],
  ["gt", "is greater than"],
  ["gte", "is at least"],
  ["lt", "is less than"],
  ["lte", "is at most"],
  ["contains", "contains"],
  ["starts_with", "starts with"],
  ["ends_with", "ends with"],
  ["exists", "is set"],
  ["is_empty", "is empty"],
] as const;

interface JourneyStepPanelProps {
  step: JourneyStep;
  locked: boolean;
  /** The server's messages for this step, from the last save. */
  serverErrors: string[];
  /** A valid edit, in the API's names: applied to the draft at once. */
  onChange: (config: Record<string, unknown>) => void;
  /** Whether the form holds something the schema refuses (the journey is not saved then). */
  onValidity: (valid: boolean) => void;
  onDelete: () => void;
  onClose: () => void;
}

/**
 * The selected step's settings. Edits are checked as they are typed with the schema the API
 * uses, and each valid one goes into the draft at once; Save sends the whole journey.
 */
export function JourneyStepPanel({ step, locked, serverErrors, onChange, onValidity, onDelete, onClose }: JourneyStepPanelProps) {
  const mode = formMode(step.type, step.config);
  const previous = useMemo(() => configFromWire(step.type, step.config), [step]);
  const form = useForm<StepFormValues>({
    mode: "onChange",
    defaultValues: toFormValues(step.type, step.config),
    resolver: stepFormResolver(step.type, mode, previous),
  });
  const variants = useFieldArray({ control: form.control, name: "variants" });
  const latest = useRef({ onChange, onValidity, previous });
  useEffect(() => {
    latest.current = { onChange, onValidity, previous };
  });

  // Every change is validated; a valid one is applied to the draft, an invalid one blocks saving.
  useEffect(() => {
    void form.trigger().then((valid) => latest.current.onValidity(valid));
    return form.subscribe({
      formState: { values: true },
      callback: () => {
        void form.trigger().then((valid) => {
          latest.current.onValidity(valid);
          if (valid) latest.current.onChange(wireConfigOf(step.type, mode, form.getValues(), latest.current.previous));
        });
      },
    });
  }, [form, step.type, mode]);

  const e = form.formState.errors;
  const id = (name: string) => `step-${step.key}-${name}`;
  const fieldError = (name: string) => (e.fields as Record<string, FieldError | undefined> | undefined)?.[name]?.message;
  const text = (name: string, label: string, hint?: string, placeholder?: string) => (
    <Field id={id(name)} label={label} hint={hint} error={fieldError(name)}>
      <Input {...form.register(`fields.${name}`)} placeholder={placeholder} autoComplete="off" />
    </Field>
  );
  const operator = useWatch({ control: form.control, name: "fields.operator" });

  return (
    <div className="flex min-h-0 flex-col">
      <div className="mb-4 flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold text-zinc-900">{STEP_LABELS[step.type] ?? step.type}</h2>
          <p className="mt-0.5 text-[13px] text-zinc-500">
            {STEP_HINTS[step.type]} · <code className="font-mono text-xs whitespace-nowrap">{step.key}</code>
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close the step editor">
          Close
        </Button>
      </div>
      {serverErrors.length > 0 && (
        <Alert tone="error" title="The last save was refused for this step" className="mb-4">
          <ul className="list-disc space-y-0.5 pl-4">
            {serverErrors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Alert>
      )}
      <form noValidate onSubmit={(event) => event.preventDefault()} aria-label={`${STEP_LABELS[step.type]} ${step.key}`}>
        <fieldset disabled={locked} className="min-w-0 space-y-4">
          {mode === "none" && (
            <p className="text-sm text-zinc-600">This step has nothing to set: it deletes the contact and ends the run.</p>
          )}
          {mode === "fields" && step.type === "trigger" && text("eventName", "Event name", "Runs start when a contact does this event.")}
          {step.type === "delay" && text("duration", "Wait for", 'A duration such as "30 minutes", "2 days" or "PT12H".', "2 days")}
          {step.type === "wait_for_event" && (
            <>
              {text("eventName", "Event name", "The run goes on along “Event received” when the contact does it.")}
              {text("timeout", "Timeout", "Then it goes on along “Timed out”. Empty: 30 days.", "3 days")}
            </>
          )}
          {step.type === "send_email" && <JourneyEmailFields form={form} config={step.config} id={id} locked={locked} />}
          {step.type === "add_to_segment" && text("segmentId", "Segment or list ID")}
          {step.type === "exit" && text("reason", "Reason", "Shown on runs that end here.")}
          {mode === "rule" && (
            <>
              {text("field", "Field", "A contact field (email, first_name) or property (plan).", "plan")}
              <Field id={id("operator")} label="Operator" error={fieldError("operator")}>
                <Select {...form.register("fields.operator")}>
                  {OPERATORS.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Select>
              </Field>
              {operator !== "exists" && operator !== "is_empty" && text("value", "Value")}
              <p className="text-[13px] text-zinc-500">Runs that match go along “Yes”, the others along “No”.</p>
            </>
          )}
          {mode === "variants" && (
            <div className="space-y-3">
              <p className="text-[13px] text-zinc-500">Each run takes one variant, by weight.</p>
              {variants.fields.map((v, i) => {
                const errors = (e.variants as unknown as Record<number, { name?: FieldError; weight?: FieldError }> | undefined)?.[i];
                return (
                  <div key={v.id} className="flex items-start gap-2">
                    <Field id={id(`variant-${i}-name`)} label={`Variant ${i + 1} name`} error={errors?.name?.message} className="flex-1">
                      <Input {...form.register(`variants.${i}.name`)} autoComplete="off" />
                    </Field>
                    <Field id={id(`variant-${i}-weight`)} label="Weight" error={errors?.weight?.message} className="w-24">
                      <Input type="number" min={1} {...form.register(`variants.${i}.weight`, { valueAsNumber: true })} />
                    </Field>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="mt-7"
                      aria-label={`Remove variant ${i + 1}`}
                      disabled={variants.fields.length <= 2}
                      onClick={() => variants.remove(i)}
                    >
                      <TrashIcon className="size-3.5" />
                    </Button>
                  </div>
                );
              })}
              {e.variants?.message && <p className="text-[13px] text-red-600">{e.variants.message}</p>}
              {e.variants?.root?.message && <p className="text-[13px] text-red-600">{e.variants.root.message}</p>}
              {!locked && (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={variants.fields.length >= 10}
                  onClick={() => variants.append({ name: String.fromCharCode(65 + variants.fields.length), weight: 50 })}
                >
                  <PlusIcon className="size-3.5" /> Add a variant
                </Button>
              )}
            </div>
          )}
          {mode === "json" && (
            <Field id={id("json")} label="Settings (JSON)" hint="In the API's names, as the resend SDK sends them." error={e.json?.message}>
              <textarea {...form.register("json")} rows={10} spellCheck={false} className={textarea} />
            </Field>
          )}
        </fieldset>
      </form>
      {!locked && step.type !== "trigger" && (
        <div className="mt-6 border-t border-zinc-100 pt-4">
          <Button variant="danger-ghost" size="sm" onClick={onDelete}>
            <TrashIcon className="size-3.5" /> Delete step
          </Button>
        </div>
      )}
    </div>
  );
}
