"use client";

import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { TRIGGER_TYPES, type UpdateAutomationBody } from "@/lib/automations/schemas";
import type { Automation } from "@/lib/hooks/use-automations";
import { useAllLists, useCreateList } from "@/lib/hooks/use-lists";
import { useEventNames } from "@/lib/hooks/use-events";
import { useSegments } from "@/lib/hooks/use-segments";
import { ApiRequestError, errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { FormSelect } from "@/components/ui/form-select";
import { TRIGGER_LABELS } from "./automation-format";
import { markSaved, useAutosave } from "./use-autosave";
import { ListPicker } from "./list-picker";
import { triggerConfigOf, triggerFormDefaults, triggerFormResolver, type TriggerFormValues } from "@/lib/ui/trigger-form";

interface TriggerEditorProps {
  automation: Automation;
  locked: boolean;
  save: (body: UpdateAutomationBody) => Promise<unknown>;
  registerSave: (save: (() => Promise<boolean>) | null) => void;
  onErrorChange: (message: string | undefined) => void;
}

export function TriggerEditor({ automation, locked, save, registerSave, onErrorChange }: TriggerEditorProps) {
  const lists = useAllLists();
  const createList = useCreateList();
  const eventNames = useEventNames();
  const segments = useSegments();
  const form = useForm<TriggerFormValues>({ resolver: triggerFormResolver, defaultValues: triggerFormDefaults(automation) });
  const { register, handleSubmit, watch, setError, clearErrors, setValue, formState } = form;
  const type = watch("triggerType");
  const listName = watch("listName");
  const listNames = lists.data?.data.map((l) => l.name) ?? [];
  const unknownList = type === "list_join" && listName !== "" && lists.data && !listNames.includes(listName);

  const submit = handleSubmit(async (values) => {
    try {
      await save({ triggerType: values.triggerType, triggerConfig: triggerConfigOf(values) });
      markSaved(form, values, "triggerType");
    } catch (error) {
      let matched = false;
      if (error instanceof ApiRequestError) {
        for (const detail of error.details) {
          const key = detail.path.replace(/^triggerConfig\.?/, "") as keyof TriggerFormValues;
          if (["listName", "segmentId", "eventName", "property", "value", "from", "to"].includes(key)) {
            setError(key, { type: "server", message: detail.message });
            matched = true;
          }
        }
      }
      if (!matched) setError("root", { type: "server", message: errorMessage(error) });
      throw error;
    }
  });

  const dirty = formState.isDirty;
  const saveNow = useAutosave({ form, locked, submit });
  useEffect(() => {
    registerSave(dirty ? saveNow : null);
    return () => registerSave(null);
  }, [dirty, registerSave, saveNow]);

  const e = formState.errors;
  const firstError =
    e.listName?.message ??
    e.segmentId?.message ??
    e.eventName?.message ??
    e.property?.message ??
    e.value?.message ??
    e.from?.message ??
    e.to?.message ??
    e.root?.message;
  useEffect(() => onErrorChange(firstError), [firstError, onErrorChange]);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void saveNow();
      }}
      noValidate
      aria-label="Trigger"
    >
      <fieldset disabled={locked} className="min-w-0 space-y-4">
        <Field id="trigger-type" label="Start when">
          <Select {...register("triggerType")}>
            {TRIGGER_TYPES.map((t) => (
              <option key={t} value={t}>
                {TRIGGER_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
        {type === "list_join" && (
          <Field
            id="trigger-list"
            label="List"
            error={e.listName?.message}
            hint={
              unknownList
                ? `No list is called “${listName}” yet: contacts join it once you create it (type its name and pick Create list).`
                : "A contact added to this list is enrolled. Type a new name to create a list."
            }
          >
            <ListPicker
              value={listName}
              lists={listNames}
              disabled={locked}
              onChange={(name) => setValue("listName", name, { shouldDirty: true, shouldValidate: true })}
              onCreate={async (name) => {
                clearErrors("listName");
                try {
                  await createList.mutateAsync({ name });
                } catch (error) {
                  setError("listName", { type: "server", message: `Could not create the list: ${errorMessage(error)}` });
                  throw error;
                }
              }}
            />
          </Field>
        )}
        {type === "segment_entry" && (
          <Field
            id="trigger-segment"
            label="Segment"
            error={e.segmentId?.message}
            hint="A contact who starts to match (joins a list, or comes to fit a filtered segment's rules) is enrolled; membership is checked every minute. Those already in it when you activate are not, unless you ask for them."
          >
            <FormSelect control={form.control} name="segmentId">
              <option value="">Choose a segment…</option>
              {segments.data?.data.map((segment) => (
                <option key={segment.id} value={segment.id}>
                  {segment.name}
                  {segment.filter ? "" : " (list)"}
                </option>
              ))}
            </FormSelect>
          </Field>
        )}
        {type === "event" && (
          <Field
            id="trigger-event"
            label="Event name"
            error={e.eventName?.message}
            hint={
              eventNames.data?.data.length
                ? "Pick one already seen on this account, or type a new one. POST /api/v1/events with this name enrolls the contact."
                : "POST /api/v1/events with this name enrolls the contact; its properties render as {{event.<key>}}."
            }
          >
            <Input {...register("eventName")} list="trigger-event-names" autoComplete="off" spellCheck={false} className="font-mono" />
          </Field>
        )}
        <datalist id="trigger-event-names">
          {eventNames.data?.data.map((n) => (
            <option key={n.name} value={n.name}>
              {`${n.count.toLocaleString()} seen`}
            </option>
          ))}
        </datalist>
        {(type === "property_equals" || type === "property_changed") && (
          <Field id="trigger-property" label="Contact property" error={e.property?.message} hint="For example plan or onboarding_status.">
            <Input {...register("property")} autoComplete="off" spellCheck={false} className="font-mono" />
          </Field>
        )}
        {type === "property_equals" && (
          <Field
            id="trigger-value"
            label="Equals"
            error={e.value?.message}
            hint="Fires when a contact is created with, or updated to, this value."
          >
            <Input {...register("value")} autoComplete="off" />
          </Field>
        )}
        {type === "property_changed" && (
          <div className="grid grid-cols-2 gap-3">
            <Field id="trigger-from" label="From" error={e.from?.message} hint="Empty: any value">
              <Input {...register("from")} autoComplete="off" />
            </Field>
            <Field id="trigger-to" label="To" error={e.to?.message} hint="Empty: any value">
              <Input {...register("to")} autoComplete="off" />
            </Field>
          </div>
        )}
        {e.root?.message && <Alert tone="error">{e.root.message}</Alert>}
        {!locked && dirty && Object.keys(e).length > 0 && (
          <div className="flex items-center justify-end gap-3 text-[13px] text-zinc-600">
            <span>Not saved until the error is fixed.</span>
            <Button variant="secondary" size="sm" onClick={() => form.reset()}>
              Discard changes
            </Button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
