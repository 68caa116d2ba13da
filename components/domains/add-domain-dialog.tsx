"use client";

import { z } from "zod";
import { useCreateDomain, type Domain } from "@/lib/hooks/use-domains";
import { useApiForm } from "@/lib/hooks/use-api-form";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";

// Only "something was typed" is checked here: the server's hostname rules (IDN to punycode,
// label lengths, IP literals) need node:url, and its messages land on the field below.
// A pasted address ("https://mail.example.com/welcome") stands for its host name.
const addDomainFormSchema = z.object({ domain: z.string().trim().min(1, "Enter the domain you send from").transform(hostOf) });

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
  const createDomain = useCreateDomain();
  const api = useApiForm({
    schema: addDomainFormSchema,
    defaultValues: { domain: "" },
    submit: (values) => createDomain.mutateAsync(values),
    onSuccess: onCreated,
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add domain"
      description="Use a domain you control DNS for. A subdomain such as mail.example.com keeps your sending reputation apart from your company mail."
      form={api}
      submitLabel="Add domain"
    >
      <Field
        id="domain-name"
        label="Domain"
        error={api.form.formState.errors.domain?.message}
        hint="Without https:// or a path, like example.com"
      >
        <Input placeholder="mail.example.com" autoComplete="off" spellCheck={false} data-autofocus {...api.form.register("domain")} />
      </Field>
    </FormDialog>
  );
}
