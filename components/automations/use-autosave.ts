"use client";

import { useCallback, useEffect, useRef } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/** How long typing pauses before the open form saves itself. */
export const AUTOSAVE_DELAY_MS = 800;

interface AutosaveOptions<T extends FieldValues> {
  form: UseFormReturn<T>;
  locked: boolean;
  /** handleSubmit(...): validates, saves, throws when the API refuses. */
  submit: () => Promise<void>;
}

/**
 * The builder's one save model: a node's form saves itself once typing pauses,
 * one save at a time, in order. Returns saveNow(), which the builder calls before leaving the
 * node, undoing or activating; it resolves false when the form has errors (nothing was saved).
 */
export function useAutosave<T extends FieldValues>({ form, locked, submit }: AutosaveOptions<T>) {
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef({ form, submit });
  useEffect(() => {
    latest.current = { form, submit };
  });

  const saveNow = useCallback((): Promise<boolean> => {
    const next = chain.current.then(async () => {
      const { form, submit } = latest.current;
      if (!form.formState.isDirty) return Object.keys(form.formState.errors).length === 0;
      await submit();
      return Object.keys(form.formState.errors).length === 0;
    });
    const result = next.catch(() => false);
    chain.current = result;
    return result;
  }, []);

  const values = JSON.stringify(form.watch());
  const dirty = form.formState.isDirty;
  useEffect(() => {
    if (!dirty || locked) return;
    const timer = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, dirty, locked, saveNow]);

  return saveNow;
}

/**
 * After a save of `saved`: it becomes the form's stored copy. What was typed while it saved
 * stays in the fields and keeps the form dirty, so the next autosave takes it.
 */
export function markSaved<T extends FieldValues>(form: UseFormReturn<T>, saved: T, anyField: Path<T>) {
  const typed = form.getValues();
  if (JSON.stringify(typed) === JSON.stringify(saved)) {
    form.reset(saved);
    return;
  }
  form.reset(saved, { keepValues: true });
  form.setValue(anyField, typed[anyField] as never, { shouldDirty: true });
}
