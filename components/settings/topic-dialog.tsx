"use client";

import { createTopicBodySchema, updateTopicBodySchema } from "@/lib/topics/schemas";
import { useCreateTopic, useUpdateTopic, type Topic } from "@/lib/hooks/use-topics";
import { useApiForm } from "@/lib/hooks/use-api-form";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";

interface TopicDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The topic to edit; none to create one. */
  topic?: Topic;
}

const DESCRIPTION = "Contacts choose the topics they receive on the preference page every unsubscribe link opens.";

/** Creates a topic, or renames one and changes its description (its default is fixed once made). */
export function TopicDialog({ topic, ...props }: TopicDialogProps) {
  return topic ? <EditTopicDialog topic={topic} {...props} /> : <CreateTopicDialog {...props} />;
}

function CreateTopicDialog({ open, onOpenChange }: Omit<TopicDialogProps, "topic">) {
  const create = useCreateTopic();
  // A duplicate name comes back as 409 with a detail on "name": it lands on the field.
  const api = useApiForm({
    schema: createTopicBodySchema,
    defaultValues: { name: "", description: "", defaultSubscription: "opt_in" },
    submit: (values) => create.mutateAsync(values),
    onSuccess: () => onOpenChange(false),
  });
  const { errors } = api.form.formState;
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="New topic" description={DESCRIPTION} form={api} submitLabel="Create topic">
      <Field id="topic-name" label="Name" error={errors.name?.message}>
        <Input placeholder="Product news" autoComplete="off" data-autofocus {...api.form.register("name")} />
      </Field>
      <Field
        id="topic-description"
        label="Description"
        hint="Shown under the name on the preference page."
        error={errors.description?.message}
      >
        <Input placeholder="New features, once a month" autoComplete="off" {...api.form.register("description")} />
      </Field>
      <Field
        id="topic-default"
        label="Contacts who never chose"
        hint="Cannot change later: contacts who never chose rely on it."
        error={errors.defaultSubscription?.message}
      >
        <Select {...api.form.register("defaultSubscription")}>
          <option value="opt_in">Receive it (opt in by default)</option>
          <option value="opt_out">Do not receive it (opt out by default)</option>
        </Select>
      </Field>
    </FormDialog>
  );
}

function EditTopicDialog({ open, onOpenChange, topic }: TopicDialogProps & { topic: Topic }) {
  const update = useUpdateTopic(topic.id);
  const api = useApiForm({
    schema: updateTopicBodySchema,
    defaultValues: { name: topic.name, description: topic.description ?? "" },
    submit: (values) => update.mutateAsync(values),
    onSuccess: () => onOpenChange(false),
  });
  const { errors } = api.form.formState;
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Edit topic" description={DESCRIPTION} form={api} submitLabel="Save">
      <Field id="topic-name" label="Name" error={errors.name?.message}>
        <Input autoComplete="off" data-autofocus {...api.form.register("name")} />
      </Field>
      <Field id="topic-description" label="Description" error={errors.description?.message}>
        <Input autoComplete="off" {...api.form.register("description")} />
      </Field>
    </FormDialog>
  );
}
