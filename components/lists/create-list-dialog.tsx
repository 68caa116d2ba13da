import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { createListBodySchema } from "@/lib/lists/schemas";
import { useCreateList, type ContactListItem } from "@/lib/hooks/use-lists";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type FormInput = z.input<typeof createListBodySchema>;
type FormValues = z.output<typeof createListBodySchema>;

interface CreateListDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (list: ContactListItem) => void;
}

export function CreateListDialog({ open, onOpenChange, onCreated }: CreateListDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create list"
      description="Group contacts to filter them and to start automations when someone joins."
    >
      <CreateListForm
        onCancel={() => onOpenChange(false)}
        onCreated={(list) => {
          onOpenChange(false);
          onCreated?.(list);
        }}
      />
    </Dialog>
  );
}

function CreateListForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (list: ContactListItem) => void }) {
  const createList = useCreateList();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(createListBodySchema), defaultValues: { name: "" } });

  async function onSubmit(values: FormValues) {
    setFormError(null);
    try {
      onCreated(await createList.mutateAsync(values));
    } catch (error) {
      // A duplicate name comes back as 409 with a detail on "name": it lands on the field.
      setFormError(applyApiErrors(error, setError, ["name"]));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <DialogBody className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Field id="list-name" label="Name" error={errors.name?.message}>
          <Input placeholder="Newsletter" autoComplete="off" data-autofocus {...register("name")} />
        </Field>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Create list
        </Button>
      </DialogFooter>
    </form>
  );
}
