"use client";

import { useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { useLastGood } from "@/lib/hooks/use-last-good";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { createTemplateBodySchema } from "@/lib/templates/schemas";
import { extractVariables, renderTemplate, templateComplexityError, templateSyntaxError, unfilledVariables } from "@/lib/templates/render";
import { useCreateTemplate, useUpdateTemplate, type Template } from "@/lib/hooks/use-templates";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ChevronLeftIcon, SendIcon, TrashIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { DeleteTemplateDialog } from "./delete-template-dialog";
import { HtmlCodeEditor } from "./html-code-editor";
import { SampleDataPanel } from "./sample-data-panel";
import { SendTestEmailDialog } from "./send-test-email-dialog";
import { STARTER_HTML, STARTER_SAMPLE_DATA, STARTER_SUBJECT } from "./starter-template";
import { TemplatePreview } from "./template-preview";
import { sampleVariables, variablePaths } from "./template-variables";

type FormInput = z.input<typeof createTemplateBodySchema>;

/** The sample values worth saving: non-empty ones for variables the template still uses. */
function keptSamples(samples: Record<string, string>, subject: string, htmlBody: string): Record<string, string> {
  const paths = new Set(variablePaths(subject, htmlBody) ?? Object.keys(samples));
  return Object.fromEntries(Object.entries(samples).filter(([path, value]) => paths.has(path) && value !== ""));
}
type FormValues = z.output<typeof createTemplateBodySchema>;
const FIELDS = ["name", "subject", "htmlBody", "sampleData"] as const;

export function TemplateBackLink() {
  return (
    <Link
      href="/templates"
      className="mb-4 inline-flex items-center gap-1 rounded-md text-[13px] font-medium text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <ChevronLeftIcon />
      Templates
    </Link>
  );
}

/** The names the API stores as the template's `variables`, found as you type. */
function DetectedVariables({ names }: { names: string[] }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs text-zinc-500" aria-live="polite">
      <span className="mr-0.5">Variables</span>
      {names.length ? (
        names.map((name) => (
          <Badge key={name} tone="brand" className="font-mono">
            {name}
          </Badge>
        ))
      ) : (
        <span className="text-zinc-500">none yet</span>
      )}
    </div>
  );
}

/** The message of a sampleData error, on the object or on one of its values. */
function sampleDataError(error: unknown): string {
  if (!error || typeof error !== "object") return "Check the sample values.";
  const own = (error as { message?: unknown }).message;
  if (typeof own === "string" && own) return own;
  for (const value of Object.values(error as Record<string, unknown>)) {
    const message = value && typeof value === "object" ? (value as { message?: unknown }).message : undefined;
    if (typeof message === "string" && message) return message;
  }
  return "Check the sample values.";
}

interface LivePreview {
  subject: string;
  html: string;
  paths: string[];
  detected: string[];
  /** What the preview rendered with, and what "Send test" sends. */
  variables: Record<string, unknown>;
  /** Variables the template prints that these values leave empty. */
  unfilled: string[];
  error: string | null;
}

const EMPTY_PREVIEW: LivePreview = { subject: "", html: "", paths: [], detected: [], variables: {}, unfilled: [], error: null };

function renderPreview(subject: string, htmlBody: string, samples: Record<string, string>): LivePreview {
  const subjectError = templateSyntaxError(subject) ?? templateComplexityError(subject);
  const error = subjectError ?? templateSyntaxError(htmlBody) ?? templateComplexityError(htmlBody);
  if (error) {
    const where = subjectError ? "Subject" : "HTML body";
    return { ...EMPTY_PREVIEW, error: `${where}: ${error.replace(/^template syntax error: /, "")}` };
  }
  const paths = variablePaths(subject, htmlBody) ?? [];
  const variables = sampleVariables(samples, paths);
  let rendered: ReturnType<typeof renderTemplate>;
  try {
    rendered = renderTemplate({ subject, html: htmlBody }, variables);
  } catch (failure) {
    return { ...EMPTY_PREVIEW, error: failure instanceof Error ? failure.message : "this template does not render" };
  }
  return {
    subject: rendered.subject,
    html: rendered.html,
    paths,
    detected: extractVariables(subject, htmlBody),
    variables,
    unfilled: unfilledVariables([subject, htmlBody], variables),
    error: null,
  };
}

/**
 * Renders in the browser with the server's own renderer, so the preview is what a send gives.
 * While the template does not render, the last preview that did stays up beside the error.
 */
function useLivePreview(subject: string, htmlBody: string, samples: Record<string, string>): LivePreview {
  const attempt = useMemo(() => renderPreview(subject, htmlBody, samples), [subject, htmlBody, samples]);
  return useLastGood(attempt, EMPTY_PREVIEW);
}

export function TemplateEditor({ template }: { template?: Template }) {
  const router = useRouter();
  const createTemplate = useCreateTemplate();
  const updateTemplate = useUpdateTemplate(template?.id ?? "");
  const [formError, setFormError] = useState<string | null>(null);
  const [sendOpen, setSendOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(createTemplateBodySchema),
    defaultValues: {
      name: template?.name ?? "",
      subject: template?.subject ?? STARTER_SUBJECT,
      htmlBody: template?.htmlBody ?? STARTER_HTML,
      sampleData: template?.sampleData ?? STARTER_SAMPLE_DATA,
    },
  });
  const [name, subject, htmlBody, watchedSamples] = useWatch({ control, name: ["name", "subject", "htmlBody", "sampleData"] });
  const samples = useMemo(() => watchedSamples ?? {}, [watchedSamples]);
  // Sample values are part of the template (saved with it): editing one is an unsaved change.
  const setSample = useCallback(
    (path: string, value: string) => setValue("sampleData", { ...getValues("sampleData"), [path]: value }, { shouldDirty: true }),
    [setValue, getValues],
  );
  // Typing stays responsive on a long body: the preview renders a step behind when it must.
  const preview = useLivePreview(useDeferredValue(subject), useDeferredValue(htmlBody), samples);
  const unsaved = !template || isDirty;

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
        if (template) {
          const saved = await updateTemplate.mutateAsync(body);
          reset({ name: saved.name, subject: saved.subject, htmlBody: saved.htmlBody, sampleData: saved.sampleData });
        } else {
          const created = await createTemplate.mutateAsync(body);
          reset({ name: created.name, subject: created.subject, htmlBody: created.htmlBody, sampleData: created.sampleData });
          router.replace(`/templates/${created.id}`);
        }
        return true;
      } catch (error) {
        setFormError(applyApiErrors(error, setError, FIELDS));
        return false;
      }
    },
    [template, updateTemplate, createTemplate, reset, router, setError],
  );

  const submit = handleSubmit(save);

  // Ctrl+S / Cmd+S saves, as in every editor; a reload or a closed tab asks first when unsaved.
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
  useEffect(() => {
    if (!template || !isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [template, isDirty]);

  async function saveBeforeSend(): Promise<boolean> {
    if (!isDirty) return true;
    let ok = false;
    await handleSubmit(async (values) => {
      ok = await save(values);
    })();
    return ok;
  }

  return (
    <>
      <TemplateBackLink />
      <form onSubmit={submit} noValidate>
        <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-zinc-900">
              {template ? name.trim() || template.name : "New template"}
            </h1>
            <p className="mt-1.5 flex items-center gap-2 text-sm text-zinc-500" aria-live="polite">
              {unsaved ? (
                <>
                  <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-500" />
                  {template ? "Unsaved changes" : "Not saved yet"}
                </>
              ) : (
                <>
                  <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
                  <span>
                    Saved{" "}
                    <time dateTime={template!.updatedAt} title={formatDateTime(template!.updatedAt)}>
                      {formatRelative(template!.updatedAt)}
                    </time>
                  </span>
                </>
              )}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            {template && (
              <Button variant="danger-ghost" onClick={() => setDeleteOpen(true)}>
                <TrashIcon />
                Delete
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => setSendOpen(true)}
              disabled={!template}
              title={template ? undefined : "Save the template first"}
            >
              <SendIcon />
              Send test
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!unsaved && !isSubmitting}>
              {template ? "Save" : "Create template"}
            </Button>
          </div>
        </div>

        {formError && (
          <Alert tone="error" className="mb-6">
            {formError}
          </Alert>
        )}

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] lg:items-start">
          <div className="min-w-0 space-y-6">
            <div className="space-y-5 rounded-xl border border-zinc-200 bg-white p-5 shadow-card">
              <Field
                id="template-name"
                label="Name"
                hint="Only you see it: it identifies the template in lists and the API."
                error={errors.name?.message}
              >
                <Input placeholder="Welcome email" autoComplete="off" data-autofocus {...register("name")} />
              </Field>
              <Field id="template-subject" label="Subject" error={errors.subject?.message}>
                <Input autoComplete="off" className="font-mono text-[13px]" {...register("subject")} />
              </Field>
              <Controller
                control={control}
                name="htmlBody"
                render={({ field }) => (
                  <Field
                    id="template-html"
                    label="HTML body"
                    error={errors.htmlBody?.message}
                    aside={<span className="hidden text-xs text-zinc-500 sm:inline">Tab indents · Esc then Tab leaves</span>}
                  >
                    <HtmlCodeEditor value={field.value ?? ""} onChange={field.onChange} onBlur={field.onBlur} />
                  </Field>
                )}
              />
              <DetectedVariables names={preview.detected} />
            </div>
            <SampleDataPanel
              paths={preview.paths}
              values={samples}
              onChange={setSample}
              error={errors.sampleData ? sampleDataError(errors.sampleData) : undefined}
            />
          </div>
          <div className="min-w-0 lg:sticky lg:top-6">
            <TemplatePreview subject={preview.subject} html={preview.html} error={preview.error} unfilled={preview.unfilled} />
          </div>
        </div>
      </form>

      {template && (
        <>
          <SendTestEmailDialog
            open={sendOpen}
            onOpenChange={setSendOpen}
            templateId={template.id}
            templateName={name.trim() || template.name}
            variables={preview.variables}
            emptyVariables={preview.unfilled}
            unsaved={isDirty}
            beforeSend={saveBeforeSend}
          />
          <DeleteTemplateDialog
            template={deleteOpen ? { id: template.id, name: template.name } : null}
            onClose={() => setDeleteOpen(false)}
            onDeleted={() => router.push("/templates")}
          />
        </>
      )}
    </>
  );
}
