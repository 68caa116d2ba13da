"use client";

import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useContactProperties, useCreateSegment, useSegments, type Segment } from "@/lib/hooks/use-segments";
import { errorMessage } from "@/lib/ui/fetch-api";
import { CONTACT_FIELDS, emptyNode, toRule, type FieldOption, type FilterNode } from "@/lib/ui/segment-filter-form";
import { FilterBuilder } from "./filter-builder";

interface FormShape {
  name: string;
  filter: FilterNode;
}

const defaults = (): FormShape => ({ name: "", filter: emptyNode("group") });

/** Creates a filtered segment: a name and the filter built with the builder. */
export function CreateSegmentDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (segment: Segment) => void;
}) {
  const properties = useContactProperties();
  const segments = useSegments();
  const create = useCreateSegment();
  const form = useForm<FormShape>({ defaultValues: defaults() });
  const [error, setError] = useState<string | null>(null);

  const fields: FieldOption[] = [
    ...CONTACT_FIELDS,
    ...(properties.data?.data ?? []).map((p) => ({ value: p.key, label: `${p.key} (${p.type})`, type: p.type })),
  ];
  const typeOf = (field: string) => fields.find((f) => f.value === field)?.type ?? "string";

  const close = () => {
    form.reset(defaults());
    setError(null);
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    if (!values.name.trim()) {
      form.setError("name", { message: "name is required" });
      return;
    }
    try {
      const segment = await create.mutateAsync({ name: values.name.trim(), filter: toRule(values.filter, typeOf) });
      close();
      onCreated(segment);
    } catch (failure) {
      // The API names the part of the filter at fault ("filter.rules.1.value: must be a number").
      setError(errorMessage(failure));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Create segment"
      description="A segment's members are the contacts matching its filter now: nobody is added by hand, and the count changes as contacts do."
      className="max-w-3xl!"
    >
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody className="space-y-5">
            {error && <Alert tone="error">{error}</Alert>}
            <Field id="segment-name" label="Name" error={form.formState.errors.name?.message}>
              <Input placeholder="Engaged pros" autoComplete="off" data-autofocus {...form.register("name")} />
            </Field>
            <FilterBuilder options={{ fields, segments: (segments.data?.data ?? []).map((s) => ({ id: s.id, name: s.name })) }} />
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Create segment
            </Button>
          </DialogFooter>
        </form>
      </FormProvider>
    </Dialog>
  );
}
