"use client";

import { useDeferredValue, useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { buildStepVariables } from "@/lib/automations/steps/step-variables";
import { broadcastFieldsSchema } from "@/lib/broadcasts/schemas";
import { broadcastStarterDesign } from "@/lib/templates/starter-design";
import { useDesignBody } from "@/components/templates/design-editor/use-design-body";
import { useAccount } from "@/lib/hooks/use-account";
import { useSegments } from "@/lib/hooks/use-segments";
import { useCreateBroadcast, useUpdateBroadcast, type Broadcast } from "@/lib/hooks/use-broadcasts";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { Alert } from "@/components/ui/alert";
import { TemplatePreview } from "@/components/templates/template-preview";
import { AbTestFields, type AbTestErrors } from "./ab-test-fields";
import { BroadcastBackLink } from "./broadcast-back-link";
import { BroadcastComposerHeader } from "./broadcast-composer-header";
import { BroadcastFields } from "./broadcast-fields";
import { BROADCAST_FIELDS, STARTER_HTML, type BroadcastFormInput, type BroadcastFormValues } from "./broadcast-form";
import { BroadcastSendPanel } from "./broadcast-send-panel";
import { useBroadcastPreview } from "./use-broadcast-preview";

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
  } = useForm<BroadcastFormInput, unknown, BroadcastFormValues>({
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
        // Until a list is picked, the footer's "you are on {{list_name}}" reads sensibly.
        listName: list?.name ?? "your list",
        unsubscribeUrl: "#",
      }),
    [account.data, list?.name],
  );
  const preview = useBroadcastPreview(useDeferredValue(subject ?? ""), useDeferredValue(html ?? ""), sample);

  async function save(values: BroadcastFormValues): Promise<Broadcast | null> {
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
      setFormError(applyApiErrors(error, setError, BROADCAST_FIELDS));
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
        <BroadcastComposerHeader broadcast={broadcast} isDirty={isDirty} isSubmitting={isSubmitting} />
        {formError && (
          <Alert tone="error" className="mb-6">
            {formError}
          </Alert>
        )}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] lg:items-start">
          <div className="min-w-0 space-y-6">
            <BroadcastFields
              register={register}
              control={control}
              setValue={setValue}
              errors={errors}
              body={body}
              account={account.data}
              lists={lists.data?.data}
              list={list}
            />
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
