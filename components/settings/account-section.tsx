"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { updateAccountBodySchema, type UpdateAccountBody } from "@/lib/accounts/schemas";
import { useAccount, useUpdateAccount, type Account } from "@/lib/hooks/use-account";
import { useDomains } from "@/lib/hooks/use-domains";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { CheckIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { SettingsSection } from "./settings-section";
import { SwitchField } from "./switch-field";
import { LoadError } from "@/components/ui/load-error";

// The inputs hold strings; empty optional fields become null, then the API's own schema checks
// the result, so the form refuses exactly what the server would.
const accountFormSchema = z
  .object({
    name: z.string().trim().min(1, "enter your name"),
    companyName: z.string(),
    defaultFrom: z.string(),
    trackOpens: z.boolean(),
    trackClicks: z.boolean(),
  })
  .transform((v): z.input<typeof updateAccountBodySchema> => ({
    ...v,
    companyName: v.companyName.trim() || null,
    defaultFrom: v.defaultFrom.trim() || null,
  }))
  .pipe(updateAccountBodySchema);

type FormInput = z.input<typeof accountFormSchema>;
type FormValues = z.output<typeof accountFormSchema>;
const FIELDS = ["name", "companyName", "defaultFrom", "trackOpens", "trackClicks"] as const;

function toFormInput(account: Account): FormInput {
  return {
    name: account.name,
    companyName: account.companyName ?? "",
    defaultFrom: account.defaultFrom ?? "",
    trackOpens: account.trackOpens,
    trackClicks: account.trackClicks,
  };
}

function AccountForm({ account }: { account: Account }) {
  const update = useUpdateAccount();
  const domains = useDomains({ limit: 100, offset: 0 });
  const verified = domains.data?.data.filter((d) => d.status === "verified").map((d) => d.domain) ?? [];
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(savedTimer.current), []);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty, dirtyFields },
  } = useForm<FormInput, unknown, FormValues>({ resolver: zodResolver(accountFormSchema), defaultValues: toFormInput(account) });

  async function onSubmit(values: FormValues) {
    setFormError(null);
    // Only what changed: an untouched sender is not re-checked against the domains.
    const body = Object.fromEntries(FIELDS.filter((f) => dirtyFields[f]).map((f) => [f, values[f]])) as UpdateAccountBody;
    try {
      const updated = await update.mutateAsync(body);
      reset(toFormInput(updated));
      setSaved(true);
      clearTimeout(savedTimer.current);
      savedTimer.current = setTimeout(() => setSaved(false), 4000);
    } catch (error) {
      setFormError(applyApiErrors(error, setError, FIELDS));
    }
  }

  const senderName = watch("companyName").trim() || watch("name").trim();
  const suggestions = [
    ...verified.slice(0, 3).map((domain) => (senderName ? `${senderName} <hello@${domain}>` : `hello@${domain}`)),
    ...(account.localMode ? [account.sandboxFrom] : []),
  ];

  return (
    <Card>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Account">
        <CardContent className="space-y-5">
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="account-name" label="Your name" error={errors.name?.message}>
              <Input autoComplete="name" {...register("name")} />
            </Field>
            <Field id="account-company" label="Company name" hint="Optional." error={errors.companyName?.message}>
              <Input autoComplete="organization" placeholder="Acme Inc." {...register("companyName")} />
            </Field>
          </div>
          <Field
            id="account-default-from"
            label="Default sender"
            error={errors.defaultFrom?.message}
            hint={
              account.localMode ? (
                <>
                  Used when a send leaves out the sender. Local mode: the sandbox sender ({account.sandboxFrom}) or an address on any of
                  your domains; every email lands in the dev inbox.
                </>
              ) : verified.length ? (
                <>Used when a send leaves out the sender. It must be on a verified domain: {verified.join(", ")}.</>
              ) : (
                <>
                  Used when a send leaves out the sender. It must be on a{" "}
                  <Link href="/domains" className="font-medium text-brand-600 hover:underline">
                    verified domain
                  </Link>
                  ; you have none yet.
                </>
              )
            }
          >
            <Input
              list="account-default-from-options"
              autoComplete="off"
              placeholder={verified[0] ? `Acme <hello@${verified[0]}>` : "Acme <hello@yourdomain.com>"}
              {...register("defaultFrom")}
            />
          </Field>
          <datalist id="account-default-from-options">
            {suggestions.map((address) => (
              <option key={address} value={address} />
            ))}
          </datalist>
          {suggestions.length > 0 && (
            <div className="-mt-2 flex flex-wrap items-center gap-1.5">
              <span className="text-xs text-zinc-500">Use:</span>
              {suggestions.map((address) => (
                <button
                  key={address}
                  type="button"
                  onClick={() => setValue("defaultFrom", address, { shouldDirty: true, shouldValidate: true })}
                  className="rounded-md border border-zinc-200 bg-zinc-50 px-2 py-0.5 font-mono text-xs text-zinc-700 hover:border-zinc-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  {address}
                </button>
              ))}
            </div>
          )}
          <fieldset className="space-y-4 border-t border-zinc-100 pt-5">
            <legend className="sr-only">Tracking</legend>
            <SwitchField
              id="account-track-opens"
              label="Track opens"
              description="Adds an invisible image to HTML emails to record when they are opened."
              {...register("trackOpens")}
            />
            <SwitchField
              id="account-track-clicks"
              label="Track clicks"
              description="Routes links through Mailwright to record clicks and report your top links."
              {...register("trackClicks")}
            />
          </fieldset>
        </CardContent>
        <CardFooter className="justify-end">
          {saved && !isDirty && (
            <p role="status" className="mr-auto flex items-center gap-1.5 text-[13px] text-emerald-700">
              <CheckIcon /> Changes saved
            </p>
          )}
          <Button variant="secondary" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
            Discard
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save changes
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function AccountSkeleton() {
  return (
    <Card role="status" aria-busy="true" aria-label="Loading your account">
      <CardContent className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {[0, 1].map((i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-9 w-full" />
            </div>
          ))}
        </div>
        <div className="space-y-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-9 w-full" />
        </div>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </CardContent>
    </Card>
  );
}

export function AccountSection() {
  const account = useAccount();
  return (
    <SettingsSection
      id="account"
      title="Account"
      description={
        account.data ? (
          <>
            Signed in as <span className="font-medium text-zinc-700">{account.data.email}</span>. Your name, company and the defaults every
            email starts from.
          </>
        ) : (
          "Your name, company and the defaults every email starts from."
        )
      }
    >
      {account.isPending ? (
        <AccountSkeleton />
      ) : account.isError ? (
        <LoadError title="Could not load your account" error={account.error} onRetry={() => account.refetch()} />
      ) : (
        <AccountForm account={account.data} />
      )}
    </SettingsSection>
  );
}
