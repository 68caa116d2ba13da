"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { templateFieldsSchema } from "@/lib/templates/schemas";
import { STARTER_DESIGN_SUBJECT, starterDesign } from "@/lib/templates/starter-design";
import { useDesignBody } from "./design-editor/use-design-body";
import { useCreateTemplate, type Template } from "@/lib/hooks/use-templates";
import { useSaveTemplateDraft } from "@/lib/hooks/use-template-versions";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { useUnsavedChangesGuard } from "@/components/dashboard/navigation-guard";
import { STARTER_HTML, STARTER_SAMPLE_DATA, STARTER_SUBJECT } from "./starter-template";
import { variablePaths } from "./template-variables";

type FormInput = z.input<typeof templateFieldsSchema>;
type FormValues = z.output<typeof templateFieldsSchema>;
const FIELDS = ["name", "subject", "htmlBody", "sampleData"] as const;

/** The sample values worth saving: non-empty ones for variables the template still uses. */
function keptSamples(samples: Record<string, string>, subject: string, htmlBody: string): Record<string, string> {
  const paths = new Set(variablePaths(subject, htmlBody) ?? Object.keys(samples));
  return Object.fromEntries(Object.entries(samples).filter(([path, value]) => paths.has(path) && value !== ""));
}

/** What the editor opens: the template's draft when it has one, else its published content. */
export function workingCopy(template: Template) {
  return template.draft ? { ...template, ...template.draft } : template;
}

/**
 * The template editor's form: its values, the visual editor's design (new templates and those
 * saved with one) or the HTML as code (templates written as HTML, through the API or after a
 * switch to code), its save (create, published at once, then the template's own page; or the
 * draft of a saved one, which sends do not use until it is published), Ctrl/Cmd+S, and the
 * question before leaving with unsaved changes.
 */
export function useTemplateForm(template: Template | undefined) {
  const router = useRouter();
  const createTemplate = useCreateTemplate();
  const saveDraft = useSaveTemplateDraft(template?.id ?? "");
  const working = template && workingCopy(template);
  const [formError, setFormError] = useState<string | null>(null);
  // A template written as HTML opens as code and is never run through the visual editor.
  const body = useDesignBody({ saved: working && { design: working.design, html: working.htmlBody }, starter: starterDesign });
  const { mode } = body;
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(templateFieldsSchema),
    defaultValues: {
      name: working?.name ?? "",
      subject: working?.subject ?? (mode === "visual" ? STARTER_DESIGN_SUBJECT : STARTER_SUBJECT),
      htmlBody: working?.htmlBody ?? (mode === "visual" ? undefined : STARTER_HTML),
      sampleData: template?.sampleData ?? STARTER_SAMPLE_DATA,
    },
  });
  const { control, handleSubmit, setError, setValue, getValues, reset } = form;
  const isDirty = form.formState.isDirty || body.dirty;
  const [name, subject, codeBody, watchedSamples] = useWatch({ control, name: ["name", "subject", "htmlBody", "sampleData"] });
  // What the preview shows and a send sends: the design's HTML, or the code.
  const htmlBody = mode === "visual" ? body.html : (codeBody ?? "");
  const samples = useMemo(() => watchedSamples ?? {}, [watchedSamples]);
  // Sample values are part of the template (saved with it): editing one is an unsaved change.
  const setSample = useCallback(
    (path: string, value: string) => setValue("sampleData", { ...getValues("sampleData"), [path]: value }, { shouldDirty: true }),
    [setValue, getValues],
  );

  const save = useCallback(
    async (values: FormValues): Promise<boolean> => {
      setFormError(null);
      const shared = { name: values.name, subject: values.subject };
      let request;
      if (mode === "visual") {
        if (body.problem) {
          setFormError(body.problem);
          return false;
        }
        request = {
          ...shared,
          design: body.editor.design as never,
          sampleData: keptSamples(values.sampleData ?? {}, values.subject, body.html),
        };
      } else {
        const html = values.htmlBody ?? "";
        if (!html) {
          setError("htmlBody", { message: "htmlBody is required" });
          return false;
        }
        request = { ...shared, htmlBody: html, sampleData: keptSamples(values.sampleData ?? {}, values.subject, html) };
      }
      try {
        const saved = workingCopy(template ? await saveDraft.mutateAsync(request) : await createTemplate.mutateAsync(request));
        reset({
          name: saved.name,
          subject: saved.subject,
          htmlBody: mode === "code" ? saved.htmlBody : undefined,
          sampleData: saved.sampleData,
        });
        body.markSaved();
        if (!template) router.replace(`/templates/${saved.id}`);
        return true;
      } catch (error) {
        setFormError(applyApiErrors(error, setError, FIELDS));
        return false;
      }
    },
    [template, saveDraft, createTemplate, reset, router, setError, mode, body],
  );
  const submit = handleSubmit(save);

  /** One way: the design's HTML becomes the code; saving then drops the design. */
  const switchToCode = useCallback((html: string) => setValue("htmlBody", html, { shouldDirty: true }), [setValue]);

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

  return {
    form,
    formError,
    name,
    subject,
    htmlBody,
    samples,
    setSample,
    submit,
    saveBeforeSend,
    body,
    switchToCode,
    isDirty,
  };
}
