import { createContactBodySchema } from "@/lib/contacts/schemas";
import { useCreateContact, type Contact } from "@/lib/hooks/use-contacts";
import { useApiForm } from "@/lib/hooks/use-api-form";
import { FormDialog } from "@/components/ui/form-dialog";
import { ContactIdentityFields } from "./contact-identity-fields";

interface CreateContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (contact: Contact) => void;
}

export function CreateContactDialog({ open, onOpenChange, onCreated }: CreateContactDialogProps) {
  const createContact = useCreateContact();
  const api = useApiForm({
    schema: createContactBodySchema,
    defaultValues: { email: "", name: "" },
    submit: (values) => createContact.mutateAsync(values),
    onSuccess: onCreated,
  });
  const { register, formState } = api.form;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add contact"
      description="Add one person by address. You can set properties and lists on the contact's page."
      form={api}
      submitLabel="Add contact"
    >
      <ContactIdentityFields
        idPrefix="contact"
        email={register("email")}
        name={register("name")}
        emailError={formState.errors.email?.message}
        nameError={formState.errors.name?.message}
      />
    </FormDialog>
  );
}
