"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { createTemplateBodySchema } from "@/lib/templates/schemas";
import { useCreateTemplate, useUpdateTemplate, type Template } from "@/lib/hooks/use-templates";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { useUnsavedChangesGuard } from "@/components/dashboard/navigation-guard";
import { STARTER_HTML, STARTER_SAMPLE_DATA, STARTER_SUBJECT } from "./starter-template";
import { variablePaths } from "./template-variables";

type FormInput = z.input<typeof createTemplateBodySchema>;
type FormValues = z.output<typeof createTemplateBodySchema>;
const FIELDS = ["name", "subject", "htmlBody", "sampleData"] as const;

/** The sample values worth saving: non-empty ones for variables the template still uses. */
function keptSamples(samples: Record<string, string>, subject: string, htmlBody: string): Record<string, string> {
  const paths = new Set(variablePaths(subject, htmlBody) ?? Object.keys(samples));
  return Object.fromEntries(Object.entries(samples).filter(([path, value]) => paths.has(path) && value !== ""));
}

/**
 * The template editor's form: its values, its save (create, then the template's own page; or
 * update), Ctrl/Cmd+S, and the question before leaving with unsaved changes.
 */
export function useTemplateForm(template: Template | undefined) {
  const router = useRouter();
  const createTemplate = useCreateTemplate();
  const updateTemplate = useUpdateTemplate(template?.id ?? "");
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(createTemplateBodySchema),
    defaultValues: {
      name: template?.name ?? "",
      subject: template?.subject ?? STARTER_SUBJECT,
      htmlBody: template?.htmlBody ?? STARTER_HTML,
      sampleData: template?.sampleData ?? STARTER_SAMPLE_DATA,
    },
  });
  const { control, handleSubmit, setError, setValue, getValues, reset } = form;
  const isDirty = form.formState.isDirty;
  const [name, subject, htmlBody, watchedSamples] = useWatch({ control, name: ["name", "subject", "htmlBody", "sampleData"] });
  const samples = useMemo(() => watchedSamples ?? {}, [watchedSamples]);
  // Sample values are part of the template (saved with it): editing one is an unsaved change.
  const setSample = useCallback(
    (path: string, value: string) => setValue("sampleData", { ...getValues("sampleData"), [path]: value }, { shouldDirty: true }),
    [setValue, getValues],
  );

  const save = useCallback(
    async (values: FormValues): Promise<boolean> => {
      setFormError(null);
      const body = {
        name: values.name,
        subject: values.subject,
        htmlBody: values.htmlBody,
        sampleData: keptSamples(values.sampleData ?? {}, values.subject, values.htmlBody),
      };
      try {
        const saved = template ? await updateTemplate.mutateAsync(body) : await createTemplate.mutateAsync(body);
        reset({ name: saved.name, subject: saved.subject, htmlBody: saved.htmlBody, sampleData: saved.sampleData });
        if (!template) router.replace(`/templates/${saved.id}`);
        return true;
      } catch (error) {
        setFormError(applyApiErrors(error, setError, FIELDS));
        return false;
      }
    },
    [template, updateTemplate, createTemplate, reset, router, setError],
  );
  const submit = handleSubmit(save);

  // Ctrl+S / Cmd+S saves, as in every editor.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void submit();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [submit]);
  const title = name.trim() || template?.name;
  useUnsavedChangesGuard(isDirty ? (title ? `Changes to “${title}” are not saved yet.` : "This new template is not saved yet.") : null);

  /** Before a test send: what is typed is saved first; false when it could not be. */
  async function saveBeforeSend(): Promise<boolean> {
    if (!isDirty) return true;
    let ok = false;
    await handleSubmit(async (values) => {
      ok = await save(values);
    })();
    return ok;
  }

  return { form, formError, name, subject, htmlBody, samples, setSample, submit, saveBeforeSend };
}
