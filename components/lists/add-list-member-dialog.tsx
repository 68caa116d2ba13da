import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { contactEmailSchema } from "@/lib/contacts/schemas";
import { useAddListMember } from "@/lib/hooks/use-lists";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { ContactIdentityFields } from "@/components/contacts/contact-identity-fields";

// The API's {email, name?} shape of POST /lists/:id/contacts: a new address becomes a contact.
const addMemberFormSchema = z.object({
  email: contactEmailSchema,
  name: z.string().trim().max(200, "at most 200 characters"),
});
type FormInput = z.input<typeof addMemberFormSchema>;
type FormValues = z.output<typeof addMemberFormSchema>;

interface AddListMemberDialogProps {
  listId: string;
  listName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Adds one person to a list by address: an existing contact joins, a new one is created. */
export function AddListMemberDialog({ listId, listName, open, onOpenChange }: AddListMemberDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a contact"
      description={`Adds them to ${listName}: an address you do not have yet becomes a contact. Automations that start when someone joins this list start for them.`}
    >
      <AddListMemberForm listId={listId} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AddListMemberForm({ listId, onDone }: { listId: string; onDone: () => void }) {
  const add = useAddListMember(listId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(addMemberFormSchema), defaultValues: { email: "", name: "" } });

  async function onSubmit(values: FormValues) {
    setFormError(null);
    try {
      const result = await add.mutateAsync({ email: values.email, ...(values.name ? { name: values.name } : {}) });
      if (!result.added) {
        setError("email", { message: `${result.contact.email} is already on this list` });
        return;
      }
      onDone();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ["email", "name"]));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <DialogBody className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <ContactIdentityFields
          idPrefix="member"
          email={register("email")}
          name={register("name")}
          emailError={errors.email?.message}
          nameError={errors.name?.message}
        />
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Add to list
        </Button>
      </DialogFooter>
    </form>
  );
}
