"use client";

import { useEffect } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { UpdateAutomationBody } from "@/lib/automations/schemas";
import type { Automation } from "@/lib/hooks/use-automations";
import { applyApiErrors } from "@/lib/ui/form-errors";

// The same limits as the API's name and description (lib/automations/schemas.ts).
const headerSchema = z.object({
  name: z.string().trim().min(1, "Give the automation a name").max(200),
  description: z.string().trim().max(2000),
});
type HeaderValues = z.infer<typeof headerSchema>;

interface AutomationHeaderFieldsProps {
  automation: Automation;
  save: (body: UpdateAutomationBody) => Promise<unknown>;
  registerSave: (save: (() => Promise<boolean>) | null) => void;
}

/** The name and description, edited in place; saved on blur or with the header's Save. */
export function AutomationHeaderFields({ automation, save, registerSave }: AutomationHeaderFieldsProps) {
  const form = useForm<HeaderValues>({
    resolver: zodResolver(headerSchema),
    defaultValues: { name: automation.name, description: automation.description ?? "" },
  });
  const { register, handleSubmit, formState, setError, reset } = form;

  // Undo (or another tab) can change them underneath: follow unless the user is typing.
  useEffect(() => {
    if (!form.formState.isDirty) reset({ name: automation.name, description: automation.description ?? "" });
  }, [automation.name, automation.description, reset, form.formState.isDirty]);

  const submit = handleSubmit(async (values) => {
    try {
      await save({ name: values.name, description: values.description || null });
      reset(values);
    } catch (error) {
      const message = applyApiErrors(error, setError, ["name", "description"]);
      if (message) setError("name", { type: "server", message });
      throw error;
    }
  });

  const dirty = formState.isDirty;
  useEffect(() => {
    registerSave(
      dirty
        ? () =>
            submit()
              .then(() => !Object.keys(form.formState.errors).length)
              .catch(() => false)
        : null,
    );
    return () => registerSave(null);
  }, [dirty, registerSave, submit, form.formState.errors]);

  const saveOnBlur = () => {
    if (form.formState.isDirty) void submit().catch(() => undefined);
  };
  const field =
    "block w-full rounded-md border border-transparent bg-transparent px-1.5 -mx-1.5 hover:border-zinc-200 focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none aria-invalid:border-red-500";
  return (
    <form
      className="min-w-0 flex-1"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        saveOnBlur();
      }}
    >
      <label htmlFor="automation-name" className="sr-only">
        Name
      </label>
      <input
        id="automation-name"
        {...register("name", { onBlur: saveOnBlur })}
        aria-invalid={formState.errors.name ? true : undefined}
        autoComplete="off"
        className={`${field} h-9 text-2xl font-semibold tracking-tight text-zinc-900`}
      />
      {formState.errors.name && <p className="mt-1 text-[13px] text-red-600">{formState.errors.name.message}</p>}
      <label htmlFor="automation-description" className="sr-only">
        Description
      </label>
      <textarea
        id="automation-description"
        {...register("description", { onBlur: saveOnBlur })}
        placeholder="Add a description"
        rows={1}
        className={`${field} mt-1 field-sizing-content resize-none py-0.5 text-sm text-zinc-500 placeholder:text-zinc-400`}
      />
    </form>
  );
}
