import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { useUpdateContact, type Contact } from "@/lib/hooks/use-contacts";
import { errorMessage } from "@/lib/ui/fetch-api";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { cn } from "@/lib/ui/cn";
import { formatDate, formatDateTime } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const nameFormSchema = z.object({ name: z.string().trim().max(200, "name must be at most 200 characters") });
type NameForm = z.infer<typeof nameFormSchema>;

function SubscribedSwitch({ contact }: { contact: Contact }) {
  const update = useUpdateContact(contact.id);
  const on = contact.subscribed;
  return (
    <div className="space-y-2">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p id="subscribed-label" className="text-[13px] font-medium text-zinc-800">
            Subscribed
          </p>
          <p className="text-[13px] text-zinc-500">
            {on ? "Receives automation emails." : "Gets no automation emails; running automations were stopped."}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="subscribed-label"
          disabled={update.isPending}
          onClick={() => update.mutate({ subscribed: !on })}
          className={cn(
            "relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:opacity-60",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
            on ? "bg-brand-600" : "bg-zinc-300",
          )}
        >
          <span
            className={cn(
              "inline-block size-4 rounded-full bg-white shadow transition-transform",
              on ? "translate-x-4.5" : "translate-x-0.5",
            )}
          />
        </button>
      </div>
      {update.isError && <Alert tone="error">{errorMessage(update.error)}</Alert>}
    </div>
  );
}

export function ContactDetailsCard({ contact }: { contact: Contact }) {
  const update = useUpdateContact(contact.id);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<NameForm>({ resolver: zodResolver(nameFormSchema), defaultValues: { name: contact.name ?? "" } });

  async function onSubmit(values: NameForm) {
    setFormError(null);
    try {
      const updated = await update.mutateAsync({ name: values.name || null });
      reset({ name: updated.name ?? "" });
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ["name"]));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-2">
          {formError && <Alert tone="error">{formError}</Alert>}
          <Field id="contact-detail-name" label="Name" error={errors.name?.message}>
            <Input placeholder="No name" autoComplete="off" {...register("name")} />
          </Field>
          {isDirty && (
            <div className="flex justify-end gap-2">
              <Button variant="ghost" size="sm" onClick={() => reset()}>
                Cancel
              </Button>
              <Button type="submit" size="sm" loading={isSubmitting}>
                Save name
              </Button>
            </div>
          )}
        </form>
        <SubscribedSwitch contact={contact} />
        <dl className="grid grid-cols-2 gap-3 border-t border-zinc-100 pt-4 text-[13px]">
          <div>
            <dt className="text-zinc-500">Added</dt>
            <dd className="text-zinc-800">
              <time dateTime={contact.createdAt} title={formatDateTime(contact.createdAt)}>
                {formatDate(contact.createdAt)}
              </time>
            </dd>
          </div>
          <div>
            <dt className="text-zinc-500">Updated</dt>
            <dd className="text-zinc-800">
              <time dateTime={contact.updatedAt} title={formatDateTime(contact.updatedAt)}>
                {formatDate(contact.updatedAt)}
              </time>
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
