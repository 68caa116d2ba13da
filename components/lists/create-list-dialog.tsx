import { createListBodySchema } from "@/lib/lists/schemas";
import { useCreateList, type ContactListItem } from "@/lib/hooks/use-lists";
import { useApiForm } from "@/lib/hooks/use-api-form";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";

interface CreateListDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (list: ContactListItem) => void;
}

export function CreateListDialog({ open, onOpenChange, onCreated }: CreateListDialogProps) {
  const createList = useCreateList();
  // A duplicate name comes back as 409 with a detail on "name": it lands on the field.
  const api = useApiForm({
    schema: createListBodySchema,
    defaultValues: { name: "" },
    submit: (values) => createList.mutateAsync(values),
    onSuccess: (list) => {
      onOpenChange(false);
      onCreated?.(list);
    },
  });
  const { errors } = api.form.formState;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create list"
      description="Group contacts to filter them and to start automations when someone joins."
      form={api}
      submitLabel="Create list"
    >
      <Field id="list-name" label="Name" error={errors.name?.message}>
        <Input placeholder="Newsletter" autoComplete="off" data-autofocus {...api.form.register("name")} />
      </Field>
    </FormDialog>
  );
}
