import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { createContactBodySchema } from "@/lib/contacts/schemas";
import { useCreateContact, type Contact } from "@/lib/hooks/use-contacts";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { ContactIdentityFields } from "./contact-identity-fields";

type FormInput = z.input<typeof createContactBodySchema>;
type FormValues = z.output<typeof createContactBodySchema>;

interface CreateContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (contact: Contact) => void;
}

export function CreateContactDialog({ open, onOpenChange, onCreated }: CreateContactDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add contact"
      description="Add one person by address. You can set properties and lists on the contact's page."
    >
      <CreateContactForm onCancel={() => onOpenChange(false)} onCreated={onCreated} />
    </Dialog>
  );
}

function CreateContactForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (contact: Contact) => void }) {
  const createContact = useCreateContact();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(createContactBodySchema),
    defaultValues: { email: "", name: "" },
  });

  async function onSubmit(values: FormValues) {
    setFormError(null);
    try {
      onCreated(await createContact.mutateAsync(values));
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ["email", "name"]));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <DialogBody className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <ContactIdentityFields
          idPrefix="contact"
          email={register("email")}
          name={register("name")}
          emailError={errors.email?.message}
          nameError={errors.name?.message}
        />
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Add contact
        </Button>
      </DialogFooter>
    </form>
  );
}
