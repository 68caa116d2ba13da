import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { WEBHOOK_EVENT_TYPES, webhookEventsSchema, webhookUrlSchema } from "@/lib/webhooks/schemas";
import { useCreateWebhook, type WebhookWithSecret } from "@/lib/hooks/use-webhooks";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { EventTypeCheckboxes } from "./event-type-checkboxes";
import { useWebhookUrlHint } from "./use-webhook-url-hint";

// The form always sends events (all five checked by default): what is subscribed is visible.
const formSchema = z.object({ url: webhookUrlSchema, events: webhookEventsSchema });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

interface CreateWebhookDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (webhook: WebhookWithSecret) => void;
  /** Starting values, when recreating a failed webhook. */
  defaults?: { url: string; events: string[] };
  title?: string;
}

export function CreateWebhookDialog({ open, onOpenChange, onCreated, defaults, title = "Add webhook" }: CreateWebhookDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Mailwright POSTs a signed JSON event to this URL each time one of the chosen events happens."
      className="max-w-xl"
    >
      <CreateWebhookForm defaults={defaults} onCancel={() => onOpenChange(false)} onCreated={onCreated} />
    </Dialog>
  );
}

function CreateWebhookForm({
  defaults,
  onCancel,
  onCreated,
}: {
  defaults?: { url: string; events: string[] };
  onCancel: () => void;
  onCreated: (webhook: WebhookWithSecret) => void;
}) {
  const createWebhook = useCreateWebhook();
  const urlHint = useWebhookUrlHint();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      url: defaults?.url ?? "",
      events: (defaults?.events ?? [...WEBHOOK_EVENT_TYPES]) as FormInput["events"],
    },
  });

  async function onSubmit(values: FormValues) {
    setFormError(null);
    try {
      onCreated(await createWebhook.mutateAsync(values));
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ["url", "events"]));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <DialogBody className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Field id="webhook-url" label="Endpoint URL" error={errors.url?.message} hint={urlHint}>
          <Input
            type="url"
            placeholder="https://example.com/webhooks/mailwright"
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            {...register("url")}
          />
        </Field>
        <Controller
          control={control}
          name="events"
          render={({ field }) => (
            <EventTypeCheckboxes value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} error={errors.events?.message} />
          )}
        />
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Add webhook
        </Button>
      </DialogFooter>
    </form>
  );
}
