"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { useCreateDomain, type Domain } from "@/lib/hooks/use-domains";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

// Only "something was typed" is checked here: the server's hostname rules (IDN to punycode,
// label lengths, IP literals) need node:url, and its messages land on the field below.
// A pasted address ("https://mail.example.com/welcome") stands for its host name.
const addDomainFormSchema = z.object({ domain: z.string().trim().min(1, "Enter the domain you send from").transform(hostOf) });
type FormValues = z.infer<typeof addDomainFormSchema>;

function hostOf(value: string): string {
  if (!/[/:]/.test(value)) return value;
  try {
    return new URL(value.includes("://") ? value : `https://${value}`).hostname || value;
  } catch {
    return value;
  }
}

interface AddDomainDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (domain: Domain) => void;
}

export function AddDomainDialog({ open, onOpenChange, onCreated }: AddDomainDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add domain"
      description="Use a domain you control DNS for. A subdomain such as mail.example.com keeps your sending reputation apart from your company mail."
    >
      <AddDomainForm onCancel={() => onOpenChange(false)} onCreated={onCreated} />
    </Dialog>
  );
}

function AddDomainForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (domain: Domain) => void }) {
  const createDomain = useCreateDomain();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(addDomainFormSchema), defaultValues: { domain: "" } });

  async function onSubmit(values: FormValues) {
    setFormError(null);
    try {
      onCreated(await createDomain.mutateAsync(values));
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ["domain"]));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <DialogBody className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Field id="domain-name" label="Domain" error={errors.domain?.message} hint="Without https:// or a path, like example.com">
          <Input placeholder="mail.example.com" autoComplete="off" spellCheck={false} data-autofocus {...register("domain")} />
        </Field>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Add domain
        </Button>
      </DialogFooter>
    </form>
  );
}
