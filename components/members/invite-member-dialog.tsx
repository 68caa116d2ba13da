"use client";

import { createInvitationBodySchema } from "@/lib/members/schemas";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "@/lib/members/roles";
import { useInviteMember } from "@/lib/hooks/use-members";
import { useApiForm } from "@/lib/hooks/use-api-form";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";

/** Invite by email with a role; only an owner may offer the owner role. */
export function InviteMemberDialog({ open, onOpenChange, myRole }: { open: boolean; onOpenChange: (open: boolean) => void; myRole: Role }) {
  const invite = useInviteMember();
  const api = useApiForm({
    schema: createInvitationBodySchema,
    defaultValues: { email: "", role: "developer" as Role },
    submit: (values) => invite.mutateAsync(values),
    onSuccess: () => onOpenChange(false),
  });
  const { register, formState, watch } = api.form;
  const role = watch("role");
  const roles = ROLES.filter((r) => r !== "owner" || myRole === "owner");
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite a member"
      description="They get an email with a link that works once, for 7 days, to set their password."
      form={api}
      submitLabel="Send invitation"
    >
      <Field id="invite-email" label="Email" error={formState.errors.email?.message}>
        <Input type="email" placeholder="sam@example.com" autoComplete="off" data-autofocus {...register("email")} />
      </Field>
      <Field id="invite-role" label="Role" hint={role ? ROLE_DESCRIPTIONS[role] : undefined} error={formState.errors.role?.message}>
        <Select {...register("role")}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}
