import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { webhookEventsSchema, webhookUrlSchema } from "@/lib/webhooks/schemas";
import { useUpdateWebhook, type Webhook } from "@/lib/hooks/use-webhooks";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { EventTypeCheckboxes } from "./event-type-checkboxes";
import { useWebhookUrlHint } from "./use-webhook-url-hint";

const formSchema = z.object({ url: webhookUrlSchema, events: webhookEventsSchema });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

/** The endpoint and its events; a save resets the form to what the server stored. */
export function EditWebhookForm({ webhook }: { webhook: Webhook }) {
  const update = useUpdateWebhook(webhook.id);
  const urlHint = useWebhookUrlHint();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { url: webhook.url, events: webhook.events as FormInput["events"] },
  });
  const failed = webhook.status === "failed";

  async function onSubmit(values: FormValues) {
    setFormError(null);
    setSaved(false);
    try {
      const updated = await update.mutateAsync(values);
      reset({ url: updated.url, events: updated.events as FormInput["events"] });
      setSaved(true);
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ["url", "events"]));
    }
  }

  return (
    <Card>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <CardHeader>
          <CardTitle>Endpoint and events</CardTitle>
          <CardDescription>
            {failed
              ? "A failed webhook receives nothing, whatever is set here: recreate it instead."
              : "Changes apply to events from now on; deliveries already queued go to the new URL."}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          {formError && <Alert tone="error">{formError}</Alert>}
          <Field id="webhook-edit-url" label="Endpoint URL" error={errors.url?.message} hint={urlHint} className="max-w-2xl">
            <Input type="url" autoComplete="off" spellCheck={false} disabled={failed} {...register("url")} />
          </Field>
          <Controller
            control={control}
            name="events"
            render={({ field }) => (
              <EventTypeCheckboxes
                value={field.value ?? []}
                onChange={(events) => {
                  setSaved(false);
                  field.onChange(events);
                }}
                onBlur={field.onBlur}
                error={errors.events?.message}
                disabled={failed}
                wide
              />
            )}
          />
        </CardContent>
        {!failed && (
          <CardFooter className="justify-end">
            <span aria-live="polite" className="mr-auto text-[13px] text-emerald-700">
              {saved && !isDirty ? "Saved" : ""}
            </span>
            <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
              Discard
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              Save changes
            </Button>
          </CardFooter>
        )}
      </form>
    </Card>
  );
}
