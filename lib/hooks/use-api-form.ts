"use client";

import { useState } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { applyApiErrors } from "@/lib/ui/form-errors";

interface ApiFormOptions<Input extends FieldValues, Output, Result> {
  /** The request body's schema: the same one the server validates with. */
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /** The API call (a mutation's mutateAsync); it throws the server's refusal. */
  submit: (values: Output) => Promise<Result>;
  onSuccess: (result: Result) => void;
}

/**
 * A form that sends one API request: react-hook-form validates with the shared zod schema, and
 * a refusal's details land on the fields they name ("scopes.0" on "scopes"); a refusal no field
 * matches becomes `formError`, shown above the fields. A success, or `resetToDefaults` (on
 * closing), starts the form over.
 */
export function useApiForm<Input extends FieldValues, Output, Result>({
  schema,
  defaultValues,
  submit,
  onSuccess,
}: ApiFormOptions<Input, Output, Result>) {
  const form = useForm<Input, unknown, Output>({
    // The schema's input and output are the form's: zodResolver cannot see that through the generics.
    resolver: zodResolver(schema as never) as never,
    defaultValues,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const fields = Object.keys(defaultValues) as Path<Input>[];

  /** Back to the defaults, without errors: each opening of a create dialog starts empty. */
  function resetToDefaults() {
    setFormError(null);
    form.reset(defaultValues);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    let result: Result;
    try {
      result = await submit(values);
    } catch (error) {
      setFormError(applyApiErrors(error, form.setError, fields));
      return;
    }
    onSuccess(result);
    resetToDefaults();
  });

  return { form, formError, onSubmit, resetToDefaults };
}

export type ApiForm = Pick<ReturnType<typeof useApiForm>, "formError" | "onSubmit" | "resetToDefaults"> & {
  form: { formState: { isSubmitting: boolean } };
};
