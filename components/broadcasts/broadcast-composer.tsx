"use client";

import { useDeferredValue, useMemo, useState } from "react";
import { useLastGood } from "@/lib/hooks/use-last-good";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { buildStepVariables } from "@/lib/automations/steps/step-variables";
import { broadcastFieldsSchema } from "@/lib/broadcasts/schemas";
import { broadcastStarterDesign } from "@/lib/templates/starter-design";
import { DesignBodyField } from "@/components/templates/design-editor/design-body-field";
import { useDesignBody } from "@/components/templates/design-editor/use-design-body";
import { renderTemplate, templateComplexityError, templateSyntaxError } from "@/lib/templates/render";
import { useDefaultLayout } from "@/lib/hooks/use-layouts";
import type { LayoutContent } from "@/lib/layouts/layout-content";
import { useAccount } from "@/lib/hooks/use-account";
import { useSegments } from "@/lib/hooks/use-segments";
import { useCreateBroadcast, useUpdateBroadcast, type Broadcast } from "@/lib/hooks/use-broadcasts";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { HtmlCodeEditor } from "@/components/templates/html-code-editor";
import { TemplatePreview } from "@/components/templates/template-preview";
import { BroadcastSendPanel } from "./broadcast-send-panel";
import { AbTestFields, type AbTestErrors } from "./ab-test-fields";

type FormInput = z.input<typeof broadcastFieldsSchema>;
type FormValues = z.output<typeof broadcastFieldsSchema>;
// The A/B test's fields before the object, so a detail lands on the most precise one.
const FIELDS = [
  "name",
  "from",
  "listId",
  "subject",
  "html",
  "abTest.subjects",
  "abTest.sharePercent",
  "abTest.metric",
  "abTest.waitMinutes",
  "abTest",
] as const;

const STARTER_HTML = `<h1>News from {{company}}</h1>
<p>Hi {{name}},</p>
<p>Here is what is new this month.</p>
<p style="color:#6b7280;font-size:12px">You get this because you are on {{list_name}}. <a href="{{unsubscribe_url}}">Unsubscribe</a></p>`;

export function BroadcastBackLink() {
  return (
    <Link
      href="/broadcasts"
      className="mb-4 inline-flex items-center gap-1 rounded-md text-[13px] font-medium text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <ChevronLeftIcon />
      Broadcasts
    </Link>
  );
}

interface PreviewAttempt {
  subject: string;
  html: string;
  error: string | null;
}

const EMPTY_PREVIEW: PreviewAttempt = { subject: "", html: "", error: null };

function renderAttempt(subject: string, html: string, sample: Record<string, unknown>, layout: LayoutContent | null): PreviewAttempt {
  const error =
    templateSyntaxError(subject) ?? templateComplexityError(subject) ?? templateSyntaxError(html) ?? templateComplexityError(html);
  if (error) return { subject: "", html: "", error };
  try {
    const out = renderTemplate({ subject, html }, sample, { layout });
    return { subject: out.subject, html: out.html, error: null };
  } catch (failure) {
    return { subject: "", html: "", error: failure instanceof Error ? failure.message : "this does not render" };
  }
}

/**
 * The preview renders with the server's renderer, in the account's default layout as a send is,
 * and the values a member named Ann would get;
 * while the draft does not render, the last preview that did stays up beside the error.
 */
function usePreview(subject: string, html: string, sample: Record<string, unknown>): PreviewAttempt {
  const layout = useDefaultLayout();
  const attempt = useMemo(() => renderAttempt(subject, html, sample, layout), [subject, html, sample, layout]);
  return useLastGood(attempt, EMPTY_PREVIEW);
}

/** Compose a draft (new or saved), with the template editor's live preview; then send it. */
export function BroadcastComposer({ broadcast }: { broadcast?: Broadcast }) {
  const router = useRouter();
  const account = useAccount();
  // Lists and filtered segments alike (a segment counts the contacts matching it now).
  const lists = useSegments();
  const create = useCreateBroadcast();
  const update = useUpdateBroadcast(broadcast?.id ?? "");
  const [formError, setFormError] = useState<string | null>(null);
  // New broadcasts and those saved with a design open in the visual editor; html written as code stays code.
  const body = useDesignBody({ saved: broadcast && { design: broadcast.design, html: broadcast.html }, starter: broadcastStarterDesign });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isDirty: formDirty, isSubmitting },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(broadcastFieldsSchema),
    values: {
      name: broadcast?.name ?? "",
      // Local mode: the sandbox sender sends to the whole list (every email lands in the dev inbox).
      from: broadcast?.from ?? account.data?.defaultFrom ?? (account.data?.localMode ? account.data.sandboxFrom : ""),
      listId: broadcast?.listId ?? "",
      subject: broadcast?.subject ?? "News from {{company}}",
      html: body.mode === "code" ? (broadcast?.html ?? STARTER_HTML) : undefined,
      abTest: broadcast?.abTest ?? null,
    },
    resetOptions: { keepDirtyValues: true },
  });
  const [subject, codeHtml, listId] = useWatch({ control, name: ["subject", "html", "listId"] });
  const isDirty = formDirty || body.dirty;
  const html = body.mode === "visual" ? body.html : codeHtml;
  const list = lists.data?.data.find((l) => l.id === listId);
  const sample = useMemo(
    // The variables a member's email is built with (renderBroadcastEmail), for a member Ann.
    () =>
      buildStepVariables({
        contact: { email: "ann@example.com", name: "Ann", properties: {} },
        companyName: account.data?.companyName || account.data?.name || "",
        listName: list?.name ?? "",
        unsubscribeUrl: "#",
      }),
    [account.data, list?.name],
  );
  const preview = usePreview(useDeferredValue(subject ?? ""), useDeferredValue(html ?? ""), sample);

  async function save(values: FormValues): Promise<Broadcast | null> {
    setFormError(null);
    if (body.mode === "visual" && body.problem) {
      setFormError(body.problem);
      return null;
    }
    const content = body.mode === "visual" ? { design: body.editor.design as never } : { html: values.html };
    const request = {
      name: values.name,
      from: values.from,
      listId: values.listId,
      subject: values.subject,
      abTest: values.abTest ?? null,
      ...content,
    };
    try {
      if (broadcast) {
        const saved = await update.mutateAsync(request);
        reset({
          name: saved.name,
          from: saved.from,
          listId: saved.listId,
          subject: saved.subject,
          html: body.mode === "code" ? (saved.html ?? "") : undefined,
          abTest: saved.abTest,
        });
        body.markSaved();
        return saved;
      }
      const created = await create.mutateAsync(request);
      router.replace(`/broadcasts/${created.id}`);
      return created;
    } catch (error) {
      setFormError(applyApiErrors(error, setError, FIELDS));
      return null;
    }
  }

  /** Saves pending edits first, so what is sent is what the preview shows. */
  async function saveIfDirty(): Promise<boolean> {
    if (!isDirty) return true;
    let ok = false;
    await handleSubmit(async (values) => {
      ok = (await save(values)) !== null;
    })();
    return ok;
  }

  return (
    <>
      <BroadcastBackLink />
      <form onSubmit={handleSubmit(save)} noValidate>
        <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-zinc-900">{broadcast ? broadcast.name : "New broadcast"}</h1>
            <p className="mt-1.5 text-sm text-zinc-500" aria-live="polite">
              {!broadcast ? "Not saved yet" : isDirty ? "Unsaved changes" : "Draft saved"}
            </p>
          </div>
          <Button
            type="submit"
            variant={broadcast ? "secondary" : "primary"}
            loading={isSubmitting}
            disabled={!!broadcast && !isDirty && !isSubmitting}
          >
            {broadcast ? "Save draft" : "Create draft"}
          </Button>
        </div>
        {formError && (
          <Alert tone="error" className="mb-6">
            {formError}
          </Alert>
        )}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] lg:items-start">
          <div className="min-w-0 space-y-6">
            <div className="space-y-5 rounded-xl border border-zinc-200 bg-white p-5 shadow-card">
              <Field id="broadcast-name" label="Name" hint="Only you see it." error={errors.name?.message}>
                <Input placeholder="October newsletter" autoComplete="off" {...register("name")} />
              </Field>
              <Field
                id="broadcast-from"
                label="From"
                hint={
                  account.data?.localMode
                    ? `Local mode: the sandbox sender (${account.data.sandboxFrom}) or an address on any of your domains; every email lands in the dev inbox.`
                    : "An address on a verified domain."
                }
                error={errors.from?.message}
              >
                <Input placeholder="Acme <news@acme.com>" autoComplete="off" {...register("from")} />
              </Field>
              <Field
                id="broadcast-list"
                label="List"
                hint={
                  list
                    ? `${list.count.toLocaleString()} member${list.count === 1 ? "" : "s"}${list.filter ? " now" : ""}; unsubscribed and suppressed ones are skipped.`
                    : undefined
                }
                error={errors.listId?.message}
              >
                <Select {...register("listId")}>
                  <option value="">Pick a list</option>
                  {lists.data?.data.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name} ({l.count.toLocaleString()} {l.count === 1 ? "member" : "members"}
                      {l.filter ? ", segment" : ""})
                    </option>
                  ))}
                </Select>
              </Field>
              <Field id="broadcast-subject" label="Subject" error={errors.subject?.message}>
                <Input autoComplete="off" className="font-mono text-[13px]" {...register("subject")} />
              </Field>
              <DesignBodyField
                body={body}
                knownVariables={["name", "email", "company", "list_name"]}
                onSwitchToCode={(value) => setValue("html", value, { shouldDirty: true })}
                code={
                  <Controller
                    control={control}
                    name="html"
                    render={({ field }) => (
                      <Field
                        id="broadcast-html"
                        label="HTML body"
                        error={errors.html?.message}
                        hint="Variables: {{name}}, {{email}}, {{company}}, {{list_name}}, {{unsubscribe_url}} and the contact's properties."
                      >
                        <HtmlCodeEditor value={field.value ?? ""} onChange={field.onChange} onBlur={field.onBlur} />
                      </Field>
                    )}
                  />
                }
              />
            </div>
            <Controller
              control={control}
              name="abTest"
              render={({ field }) => (
                <AbTestFields
                  value={field.value}
                  onChange={field.onChange}
                  subject={subject ?? ""}
                  audience={list?.count ?? null}
                  errors={errors.abTest as AbTestErrors | undefined}
                />
              )}
            />
            {broadcast && <BroadcastSendPanel broadcast={broadcast} audience={list?.count ?? null} beforeSend={saveIfDirty} />}
          </div>
          <div className="min-w-0 lg:sticky lg:top-6">
            <TemplatePreview subject={preview.subject} html={preview.html} error={preview.error} />
          </div>
        </div>
      </form>
    </>
  );
}
