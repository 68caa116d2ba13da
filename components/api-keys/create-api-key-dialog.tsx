import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { API_KEY_SCOPES, createApiKeyBodySchema } from "@/lib/api-keys/schemas";
import { useCreateApiKey, type CreatedApiKey } from "@/lib/hooks/use-api-keys";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { cn } from "@/lib/ui/cn";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SCOPE_LABELS } from "./scope-labels";

type FormInput = z.input<typeof createApiKeyBodySchema>;
type FormValues = z.output<typeof createApiKeyBodySchema>;

interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (key: CreatedApiKey) => void;
}

export function CreateApiKeyDialog({ open, onOpenChange, onCreated }: CreateApiKeyDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create API key"
      description="Name the key after where it will be used, so you know what stops working if you revoke it."
    >
      <CreateApiKeyForm onCancel={() => onOpenChange(false)} onCreated={onCreated} />
    </Dialog>
  );
}

// Mounted only while the dialog is open, so every opening starts from an empty form.
function CreateApiKeyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const createKey = useCreateApiKey();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(createApiKeyBodySchema),
    defaultValues: { name: "", scopes: ["full_access"] },
  });

  async function onSubmit(values: FormValues) {
    setFormError(null);
    try {
      onCreated(await createKey.mutateAsync(values));
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ["name", "scopes"]));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <DialogBody className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Field id="api-key-name" label="Name" error={errors.name?.message}>
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
              {errors.scopes && <p className="mt-1.5 text-[13px] text-red-600 first-letter:uppercase">{errors.scopes.message}</p>}
            </fieldset>
          )}
        />
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Create key
        </Button>
      </DialogFooter>
    </form>
  );
}
