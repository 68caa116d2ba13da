"use client";

import { useDeferredValue, useState } from "react";
import { useRouter } from "next/navigation";
import { Controller } from "react-hook-form";
import { useDeleteTemplate, type Template } from "@/lib/hooks/use-templates";
import { ApiRequestError } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { DesignBodyField } from "./design-editor/design-body-field";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { DetectedVariables } from "./detected-variables";
import { HtmlCodeEditor } from "./html-code-editor";
import { SampleDataPanel } from "./sample-data-panel";
import { SendTestEmailDialog } from "./send-test-email-dialog";
import { TemplateBackLink } from "./template-back-link";
import { TemplateEditorHeader } from "./template-editor-header";
import { TemplatePreview } from "./template-preview";
import { useLivePreview } from "./use-live-preview";
import { useDefaultLayout } from "@/lib/hooks/use-layouts";
import { useTemplateForm } from "./use-template-form";
import { PublishTemplateDialog } from "./publish-template-dialog";
import { VersionHistory } from "./version-history";

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

/** `onReplaced`: a restore or discard changed the draft underneath: reopen the template. */
export function TemplateEditor({ template, onReplaced }: { template?: Template; onReplaced?: () => void }) {
  const router = useRouter();
  const deleteTemplate = useDeleteTemplate();
  const [sendOpen, setSendOpen] = useState(false);
  const [publishOpen, setPublishOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const { form, formError, name, subject, htmlBody, samples, setSample, submit, saveBeforeSend, body, switchToCode, isDirty } =
    useTemplateForm(template);
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  // Typing stays responsive on a long body: the preview renders a step behind when it must.
  // On by default: journeys and broadcasts send the template in the account's default layout.
  const [inLayout, setInLayout] = useState(true);
  const layout = useDefaultLayout();
  const preview = useLivePreview(useDeferredValue(subject), useDeferredValue(htmlBody), samples, inLayout ? layout : null);

  return (
    <>
      <TemplateBackLink />
      <form onSubmit={submit} noValidate>
        <TemplateEditorHeader
          template={template}
          name={name}
          unsaved={!template || isDirty}
          saving={isSubmitting}
          onDelete={() => setDeleteOpen(true)}
          onSendTest={() => setSendOpen(true)}
          onPublish={async () => {
            // What is typed is saved as the draft first: the publish sends what the editor shows.
            if (await saveBeforeSend()) setPublishOpen(true);
          }}
        />

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
              <DesignBodyField
                body={body}
                knownVariables={preview.detected}
                onSwitchToCode={switchToCode}
                code={
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
                }
              />
              <DetectedVariables names={preview.detected} />
            </div>
            <SampleDataPanel
              paths={preview.paths}
              values={samples}
              onChange={setSample}
              error={errors.sampleData ? sampleDataError(errors.sampleData) : undefined}
            />
            {template && <VersionHistory template={template} canReplace={!isDirty} onReplaced={() => onReplaced?.()} />}
          </div>
          <div className="min-w-0 lg:sticky lg:top-6">
            <TemplatePreview
              subject={preview.subject}
              html={preview.html}
              error={preview.error}
              unfilled={preview.unfilled}
              layout={layout ? { on: inLayout, onChange: setInLayout } : undefined}
            />
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
            // The test is what the preview shows: what is typed, in the layout when it is on.
            content={{ subject, html: htmlBody }}
            layout={inLayout}
          />
          <PublishTemplateDialog
            open={publishOpen}
            onOpenChange={setPublishOpen}
            templateId={template.id}
            templateName={name.trim() || template.name}
          />
          {/* A template an automation uses cannot go, and the server says which. */}
          <ConfirmDeleteDialog
            item={deleteOpen ? template : null}
            title="Delete template"
            description={(t) => (
              <>
                <span className="font-medium text-zinc-700">{t.name}</span> will be deleted. Emails already sent with it keep their content;
                API calls that name it get 400. This cannot be undone.
              </>
            )}
            confirmLabel="Delete template"
            onConfirm={(t) => deleteTemplate.mutateAsync(t.id)}
            onClose={() => setDeleteOpen(false)}
            onDeleted={() => router.push("/templates")}
            refusal={(error) => (error instanceof ApiRequestError && error.status === 409 ? "This template is in use" : null)}
          />
        </>
      )}
    </>
  );
}
