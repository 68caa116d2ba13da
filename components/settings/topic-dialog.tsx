"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { createTopicBodySchema, updateTopicBodySchema } from "@/lib/topics/schemas";
import { useCreateTopic, useUpdateTopic, type Topic } from "@/lib/hooks/use-topics";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";

interface TopicDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The topic to edit; none to create one. */
  topic?: Topic;
}

/** Creates a topic, or renames one and changes its description (its default is fixed once made). */
export function TopicDialog({ open, onOpenChange, topic }: TopicDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={topic ? "Edit topic" : "New topic"}
      description="Contacts choose the topics they receive on the preference page every unsubscribe link opens."
    >
      {topic ? <EditTopicForm topic={topic} onDone={close} /> : <CreateTopicForm onDone={close} />}
    </Dialog>
  );
}

type CreateInput = z.input<typeof createTopicBodySchema>;
type CreateValues = z.output<typeof createTopicBodySchema>;

function CreateTopicForm({ onDone }: { onDone: () => void }) {
  const create = useCreateTopic();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateInput, unknown, CreateValues>({
    resolver: zodResolver(createTopicBodySchema),
    defaultValues: { name: "", description: "", defaultSubscription: "opt_in" },
  });

  async function onSubmit(values: CreateValues) {
    setFormError(null);
    try {
      await create.mutateAsync(values);
      onDone();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ["name", "description", "defaultSubscription"]));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <DialogBody className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Field id="topic-name" label="Name" error={errors.name?.message}>
          <Input placeholder="Product news" autoComplete="off" data-autofocus {...register("name")} />
        </Field>
        <Field
          id="topic-description"
          label="Description"
          hint="Shown under the name on the preference page."
          error={errors.description?.message}
        >
          <Input placeholder="New features, once a month" autoComplete="off" {...register("description")} />
        </Field>
        <Field
          id="topic-default"
          label="Contacts who never chose"
          hint="Cannot change later: contacts who never chose rely on it."
          error={errors.defaultSubscription?.message}
        >
          <Select {...register("defaultSubscription")}>
            <option value="opt_in">Receive it (opt in by default)</option>
            <option value="opt_out">Do not receive it (opt out by default)</option>
          </Select>
        </Field>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Create topic
        </Button>
      </DialogFooter>
    </form>
  );
}

type EditInput = z.input<typeof updateTopicBodySchema>;
type EditValues = z.output<typeof updateTopicBodySchema>;

function EditTopicForm({ topic, onDone }: { topic: Topic; onDone: () => void }) {
  const update = useUpdateTopic(topic.id);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditInput, unknown, EditValues>({
    resolver: zodResolver(updateTopicBodySchema),
    defaultValues: { name: topic.name, description: topic.description ?? "" },
  });

  async function onSubmit(values: EditValues) {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      onDone();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ["name", "description"]));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <DialogBody className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Field id="topic-name" label="Name" error={errors.name?.message}>
          <Input autoComplete="off" data-autofocus {...register("name")} />
        </Field>
        <Field id="topic-description" label="Description" error={errors.description?.message}>
          <Input autoComplete="off" {...register("description")} />
        </Field>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
