import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { propertyNameSchema, type ContactProperties, type PropertyValue } from "@/lib/contacts/schemas";
import { useUpdateContact, type Contact } from "@/lib/hooks/use-contacts";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";

const TYPES = ["string", "number", "boolean"] as const;
type ValueType = (typeof TYPES)[number];
const TYPE_LABELS: Record<ValueType, string> = { string: "Text", number: "Number", boolean: "True / false" };

const rowsSchema = z
  .object({
    rows: z.array(z.object({ key: propertyNameSchema, type: z.enum(TYPES), value: z.string().max(2000, "at most 2000 characters") })),
  })
  .superRefine(({ rows }, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      if (seen.has(row.key)) ctx.addIssue({ code: "custom", path: ["rows", i, "key"], message: "this name is used twice" });
      seen.add(row.key);
      if (row.type === "number" && (row.value.trim() === "" || !Number.isFinite(Number(row.value)))) {
        ctx.addIssue({ code: "custom", path: ["rows", i, "value"], message: "enter a number" });
      }
    });
  });

type FormValues = z.infer<typeof rowsSchema>;

function toRows(properties: ContactProperties): FormValues["rows"] {
  return Object.entries(properties)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({ key, type: typeof value as ValueType, value: String(value) }));
}

function toValue(row: FormValues["rows"][number]): PropertyValue {
  if (row.type === "number") return Number(row.value);
  if (row.type === "boolean") return row.value === "true";
  return row.value;
}

/** Key/value rows; saving sends only the changes (a removed key as null, which PATCH deletes). */
export function ContactPropertiesForm({ contact }: { contact: Contact }) {
  const update = useUpdateContact(contact.id);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(rowsSchema), defaultValues: { rows: toRows(contact.properties) } });
  const { fields, append, remove } = useFieldArray({ control, name: "rows" });

  async function onSubmit(values: FormValues) {
    const next: Record<string, PropertyValue | null> = {};
    for (const key of Object.keys(contact.properties)) next[key] = null;
    for (const row of values.rows) next[row.key] = toValue(row);
    try {
      const updated = await update.mutateAsync({ properties: next });
      reset({ rows: toRows(updated.properties) });
      setSaved(true);
    } catch {
      // Shown from update.error below.
    }
  }

  return (
    <Card>
      <form onSubmit={handleSubmit(onSubmit)} noValidate onChange={() => setSaved(false)}>
        <CardHeader>
          <CardTitle>Properties</CardTitle>
          <CardDescription>
            Automation emails can use a property as <code className="font-mono text-[13px]">{"{{contact.plan}}"}</code>, and triggers can
            match on them.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          {update.isError && <Alert tone="error">{errorMessage(update.error)}</Alert>}
          {fields.length === 0 ? (
            <p className="rounded-lg border border-dashed border-zinc-200 px-4 py-6 text-center text-sm text-zinc-500">
              No properties yet.
            </p>
          ) : (
            <div className="space-y-2">
              <div className="hidden grid-cols-[minmax(0,1fr)_9rem_minmax(0,1fr)_2.25rem] gap-2 text-xs font-medium text-zinc-500 sm:grid">
                <span>Name</span>
                <span>Type</span>
                <span>Value</span>
              </div>
              {fields.map((field, i) => {
                const type = watch(`rows.${i}.type`);
                const rowErrors = errors.rows?.[i];
                return (
                  <div
                    key={field.id}
                    className="grid grid-cols-[minmax(0,1fr)_6.5rem_minmax(0,1fr)_2.25rem] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_9rem_minmax(0,1fr)_2.25rem]"
                  >
                    <div>
                      <Input
                        aria-label={`Property ${i + 1} name`}
                        placeholder="plan"
                        className="font-mono text-[13px]"
                        aria-invalid={rowErrors?.key ? true : undefined}
                        {...register(`rows.${i}.key`)}
                      />
                      {rowErrors?.key && <p className="mt-1 text-xs text-red-600 first-letter:uppercase">{rowErrors.key.message}</p>}
                    </div>
                    <Select
                      aria-label={`Property ${i + 1} type`}
                      {...register(`rows.${i}.type`, {
                        onChange: (event) => {
                          if (event.target.value === "boolean") setValue(`rows.${i}.value`, "true");
                        },
                      })}
                    >
                      {TYPES.map((t) => (
                        <option key={t} value={t}>
                          {TYPE_LABELS[t]}
                        </option>
                      ))}
                    </Select>
                    <div>
                      {type === "boolean" ? (
                        <Select aria-label={`Property ${i + 1} value`} {...register(`rows.${i}.value`)}>
                          <option value="true">true</option>
                          <option value="false">false</option>
                        </Select>
                      ) : (
                        <Input
                          aria-label={`Property ${i + 1} value`}
                          inputMode={type === "number" ? "decimal" : undefined}
                          aria-invalid={rowErrors?.value ? true : undefined}
                          {...register(`rows.${i}.value`)}
                        />
                      )}
                      {rowErrors?.value && <p className="mt-1 text-xs text-red-600 first-letter:uppercase">{rowErrors.value.message}</p>}
                    </div>
                    <Button
                      variant="danger-ghost"
                      size="sm"
                      className="mt-0.5 px-2"
                      aria-label={`Remove property ${i + 1}`}
                      onClick={() => remove(i)}
                    >
                      <TrashIcon />
                    </Button>
                  </div>
                );
              })}
            </div>
          )}
          <Button variant="secondary" size="sm" onClick={() => append({ key: "", type: "string", value: "" })}>
            <PlusIcon />
            Add property
          </Button>
        </CardContent>
        <CardFooter className="justify-end">
          {saved && !isDirty && (
            <span className="mr-auto flex items-center gap-1.5 text-[13px] text-emerald-700" role="status">
              <CheckIcon />
              Saved
            </span>
          )}
          <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
            Discard
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save properties
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
