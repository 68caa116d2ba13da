import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

interface ContactIdentityFieldsProps {
  /** Prefix of the inputs' ids, unique on the page ("contact", "member"). */
  idPrefix: string;
  email: UseFormRegisterReturn;
  name: UseFormRegisterReturn;
  emailError?: string;
  nameError?: string;
}

/** A person's address and optional name, as every form that adds a contact asks for them. */
export function ContactIdentityFields({ idPrefix, email, name, emailError, nameError }: ContactIdentityFieldsProps) {
  return (
    <>
      <Field id={`${idPrefix}-email`} label="Email" error={emailError}>
        <Input type="email" placeholder="ada@example.com" autoComplete="off" data-autofocus {...email} />
      </Field>
      <Field id={`${idPrefix}-name`} label="Name" hint="Optional." error={nameError}>
        <Input placeholder="Ada Lovelace" autoComplete="off" {...name} />
      </Field>
    </>
  );
}
