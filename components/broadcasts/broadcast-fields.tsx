"use client";

import { Controller, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from "react-hook-form";
import type { Account } from "@/lib/hooks/use-account";
import type { Segment } from "@/lib/hooks/use-segments";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormSelect } from "@/components/ui/form-select";
import { DesignBodyField } from "@/components/templates/design-editor/design-body-field";
import type { DesignBody } from "@/components/templates/design-editor/use-design-body";
import { HtmlCodeEditor } from "@/components/templates/html-code-editor";
import type { BroadcastFormInput, BroadcastFormValues } from "./broadcast-form";

interface BroadcastFieldsProps {
  register: UseFormRegister<BroadcastFormInput>;
  control: Control<BroadcastFormInput, unknown, BroadcastFormValues>;
  setValue: UseFormSetValue<BroadcastFormInput>;
  errors: FieldErrors<BroadcastFormInput>;
  /** The body in the visual editor, or written as code (the form's html field). */
  body: DesignBody;
  account: Account | undefined;
  /** Lists and filtered segments alike, and the one picked. */
  lists: Segment[] | undefined;
  list: Segment | undefined;
}

/** The draft's own fields: name, sender, list, subject and body. */
export function BroadcastFields({ register, control, setValue, errors, body, account, lists, list }: BroadcastFieldsProps) {
  return (
    <div className="space-y-5 rounded-xl border border-zinc-200 bg-white p-5 shadow-card">
      <Field id="broadcast-name" label="Name" hint="Only you see it." error={errors.name?.message}>
        <Input placeholder="October newsletter" autoComplete="off" {...register("name")} />
      </Field>
      <Field
        id="broadcast-from"
        label="From"
        hint={
          account?.localMode
            ? `Local mode: the sandbox sender (${account.sandboxFrom}) or an address on any of your domains; every email lands in the dev inbox.`
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
        // The API's message names its field (listId); here the field is the list picker.
        error={errors.listId && "Pick the list this goes to."}
      >
        <FormSelect control={control} name="listId">
          <option value="">Pick a list</option>
          {lists?.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} ({l.count.toLocaleString()} {l.count === 1 ? "member" : "members"}
              {l.filter ? ", segment" : ""})
            </option>
          ))}
        </FormSelect>
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
  );
}
