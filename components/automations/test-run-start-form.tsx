"use client";

import { useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { startTestRunBodySchema, type StartTestRunBody } from "@/lib/automations/test-runs/test-run-schemas";
import type { Automation } from "@/lib/hooks/use-automations";
import { useContacts, type Contact } from "@/lib/hooks/use-contacts";
import { useStartTestRun } from "@/lib/hooks/use-automation-test-runs";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { SearchIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { ContactChoices } from "./test-run-contact-choices";

type Mode = "contact" | "made-up";
interface FormValues {
  mode: Mode;
  contactId: string;
  email: string;
  name: string;
}

const toBody = (values: FormValues) =>
  values.mode === "contact" ? { contactId: values.contactId || undefined } : { email: values.email, name: values.name || undefined };

// The API's own schema checks the form, on the body the form would send.
function resolver(values: FormValues) {
  if (values.mode === "contact" && !values.contactId) {
    return {
      values: {},
      errors: { contactId: { type: "required", message: "Choose a contact, or make one up" } } as FieldErrors<FormValues>,
    };
  }
  const parsed = startTestRunBodySchema.safeParse(toBody(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = (issue.path[0] as keyof FormValues | undefined) ?? "email";
    errors[field] ??= { type: "validation", message: issue.message };
  }
  return { values: {}, errors };
}

/** The test run's first page: who receives it, a made-up person or a copy of a contact. */
export function TestRunStartForm({
  automation,
  onStarted,
  onClose,
}: {
  automation: Automation;
  onStarted: (id: string) => void;
  onClose: () => void;
}) {
  const start = useStartTestRun(automation.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim());
  const contacts = useContacts({ limit: 5, offset: 0, email: query || undefined });
  const [chosen, setChosen] = useState<Contact | null>(null);
  const { register, handleSubmit, watch, setValue, setError, formState } = useForm<FormValues>({
    resolver: async (values) => resolver(values),
    defaultValues: { mode: "made-up", contactId: "", email: "", name: "" },
  });
  const mode = watch("mode");
  const { errors, isSubmitting } = formState;

  const choose = (contact: Contact) => {
    setChosen(contact);
    setValue("contactId", contact.id, { shouldValidate: formState.isSubmitted });
  };

  const onSubmit = async (values: FormValues) => {
    setFormError(null);
    try {
      const run = await start.mutateAsync(toBody(values) as StartTestRunBody);
      onStarted(run.id);
    } catch (error) {
      const message = applyApiErrors(error, setError, ["contactId", "email", "name"]);
      if (message) setFormError(message);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <DialogBody className="space-y-5">
        {formError && (
          <Alert tone="error" title="Could not start the test run">
            {formError}
          </Alert>
        )}
        <SegmentedControl<Mode>
          label="Test contact"
          value={mode}
          onValueChange={(value) => setValue("mode", value)}
          options={[
            { value: "made-up", label: "Make one up" },
            { value: "contact", label: "Use a contact" },
          ]}
        />
        {mode === "made-up" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="test-run-email" label="Email" error={errors.email?.message} hint="Any address: the emails stay in the dev inbox.">
              <Input type="email" autoComplete="off" placeholder="jane@example.com" data-autofocus {...register("email")} />
            </Field>
            <Field id="test-run-name" label="Name" error={errors.name?.message} hint="For {{name}}; empty renders “there”.">
              <Input autoComplete="off" placeholder="Jane" {...register("name")} />
            </Field>
          </div>
        ) : (
          <div className="space-y-2">
            <Field
              id="test-run-search"
              label="Contact"
              error={errors.contactId?.message}
              hint="Their name and properties are copied; the contact itself is not changed or enrolled."
            >
              <div className="relative">
                <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" />
                <Input
                  type="search"
                  className="pl-9"
                  placeholder="Search by email"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  autoComplete="off"
                />
              </div>
            </Field>
            <ContactChoices
              contacts={contacts.data?.data}
              loading={contacts.isPending}
              error={contacts.error}
              chosen={chosen}
              onChoose={choose}
            />
          </div>
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Start test run
        </Button>
      </DialogFooter>
    </form>
  );
}
