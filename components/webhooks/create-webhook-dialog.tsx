import { Controller } from "react-hook-form";
import { z } from "zod";
import { WEBHOOK_EVENT_TYPES, webhookEventsSchema, webhookUrlSchema, type WebhookEventType } from "@/lib/webhooks/schemas";
import { useCreateWebhook, type WebhookWithSecret } from "@/lib/hooks/use-webhooks";
import { useApiForm } from "@/lib/hooks/use-api-form";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { EventTypeCheckboxes } from "./event-type-checkboxes";
import { useWebhookUrlHint } from "./use-webhook-url-hint";

// The form always sends events (all five checked by default): what is subscribed is visible.
const formSchema = z.object({ url: webhookUrlSchema, events: webhookEventsSchema });

interface CreateWebhookDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (webhook: WebhookWithSecret) => void;
  /** Starting values, when recreating a failed webhook. */
  defaults?: { url: string; events: string[] };
  title?: string;
}

export function CreateWebhookDialog({ open, onOpenChange, onCreated, defaults, title = "Add webhook" }: CreateWebhookDialogProps) {
  const createWebhook = useCreateWebhook();
  const urlHint = useWebhookUrlHint();
  const api = useApiForm({
    schema: formSchema,
    defaultValues: { url: defaults?.url ?? "", events: (defaults?.events ?? [...WEBHOOK_EVENT_TYPES]) as WebhookEventType[] },
    submit: (values) => createWebhook.mutateAsync(values),
    onSuccess: onCreated,
  });
  const { register, control, formState } = api.form;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Mailwright POSTs a signed JSON event to this URL each time one of the chosen events happens."
      className="max-w-xl"
      form={api}
      submitLabel="Add webhook"
    >
      <Field id="webhook-url" label="Endpoint URL" error={formState.errors.url?.message} hint={urlHint}>
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
          <EventTypeCheckboxes
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={formState.errors.events?.message}
          />
        )}
      />
    </FormDialog>
  );
}
