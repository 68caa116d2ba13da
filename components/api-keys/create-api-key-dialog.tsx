import { Controller } from "react-hook-form";
import { API_KEY_SCOPES, createApiKeyBodySchema } from "@/lib/api-keys/schemas";
import { useCreateApiKey, type CreatedApiKey } from "@/lib/hooks/use-api-keys";
import { useApiForm } from "@/lib/hooks/use-api-form";
import { cn } from "@/lib/ui/cn";
import { Field } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { SCOPE_LABELS } from "./scope-labels";

interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (key: CreatedApiKey) => void;
}

export function CreateApiKeyDialog({ open, onOpenChange, onCreated }: CreateApiKeyDialogProps) {
  const createKey = useCreateApiKey();
  const api = useApiForm({
    schema: createApiKeyBodySchema,
    defaultValues: { name: "", scopes: ["full_access"] },
    submit: (values) => createKey.mutateAsync(values),
    onSuccess: onCreated,
  });
  const { register, control, formState } = api.form;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create API key"
      description="Name the key after where it will be used, so you know what stops working if you revoke it."
      form={api}
      submitLabel="Create key"
    >
      <Field id="api-key-name" label="Name" error={formState.errors.name?.message}>
        <Input placeholder="Production server" autoComplete="off" data-autofocus {...register("name")} />
      </Field>
      <Controller
        control={control}
        name="scopes"
        render={({ field }) => (
          <fieldset>
            <legend className="mb-1.5 text-[13px] font-medium text-zinc-800">Permission</legend>
            <div className="grid gap-2">
              {API_KEY_SCOPES.map((scope) => (
                <label
                  key={scope}
                  className={cn(
                    "flex cursor-pointer gap-3 rounded-lg border border-zinc-200 px-3.5 py-3 transition-colors hover:bg-zinc-50",
                    "has-checked:border-brand-500 has-checked:bg-brand-50/60 has-checked:ring-1 has-checked:ring-brand-500",
                    "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500",
                  )}
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={scope}
                    checked={field.value?.[0] === scope}
                    onChange={() => field.onChange([scope])}
                    onBlur={field.onBlur}
                    className="mt-0.5 size-4 shrink-0 accent-brand-600 focus:outline-none"
                  />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium text-zinc-900">{SCOPE_LABELS[scope].label}</span>
                    <span className="block text-[13px] text-zinc-500">{SCOPE_LABELS[scope].description}</span>
                  </span>
                </label>
              ))}
            </div>
            {formState.errors.scopes && (
              <p className="mt-1.5 text-[13px] text-red-600 first-letter:uppercase">{formState.errors.scopes.message}</p>
            )}
          </fieldset>
        )}
      />
    </FormDialog>
  );
}
