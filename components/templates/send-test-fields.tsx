import { useState } from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { useSendTestTemplate } from "@/lib/hooks/use-templates";
import { ApiRequestError, errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { SendTestFormProps } from "./send-test-email-dialog";

// The simulator's addresses act out an outcome in the dev inbox.
const SIMULATOR_ADDRESSES = ["delivered", "bounced", "soft-bounced", "complained"].map((box) => `${box}@simulator.test`);

const sendTestSchema = z.object({
  to: z.email("enter an email address like you@example.com"),
  localPart: z
    .string()
    .trim()
    .min(1, "enter the part before the @")
    .regex(/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/, "use letters, digits and . _ + - only"),
  domain: z.string().min(1, "choose a verified domain"),
});

type SendTestValues = z.infer<typeof sendTestSchema>;

/** The test's recipient and sender, and the warnings worth reading before it goes. */
export function SendTestFields({
  domains,
  onClose,
  onSent,
  templateId,
  content,
  layout,
  variables,
  emptyVariables,
  beforeSend,
  unsaved,
  defaultTo,
  sandboxFrom,
  hasDomains,
}: SendTestFormProps & { domains: string[]; defaultTo: string; onSent: (id: string) => void; sandboxFrom?: string; hasDomains: boolean }) {
  const send = useSendTestTemplate(templateId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SendTestValues>({
    resolver: zodResolver(sendTestSchema),
    defaultValues: { to: defaultTo, localPart: sandboxFrom ? sandboxFrom.split("@")[0] : "hello", domain: domains[0] },
  });

  async function onSubmit(values: SendTestValues) {
    setFormError(null);
    if (beforeSend && !(await beforeSend())) {
      setFormError("Your changes could not be saved. Fix the errors in the editor, then send again.");
      return;
    }
    try {
      const { id } = await send.mutateAsync({
        from: sandboxFrom ?? `${values.localPart}@${values.domain}`,
        to: values.to,
        subject: content.subject,
        htmlBody: content.html,
        variables,
        layout,
      });
      onSent(id);
    } catch (error) {
      let matched = false;
      if (error instanceof ApiRequestError) {
        for (const detail of error.details) {
          if (detail.path.startsWith("to")) setError("to", { message: detail.message });
          else if (detail.path === "from") setError("localPart", { message: detail.message });
          else continue;
          matched = true;
        }
      }
      if (!matched) setFormError(errorMessage(error));
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <DialogBody className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Field
          id="test-to"
          label="Send to"
          error={errors.to?.message}
          hint={
            <span className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
              Simulate an outcome:
              {SIMULATOR_ADDRESSES.map((address) => (
                <button
                  key={address}
                  type="button"
                  onClick={() => setValue("to", address, { shouldValidate: true, shouldDirty: true })}
                  className="cursor-pointer rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[11px] text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  {address.split("@")[0]}@
                </button>
              ))}
            </span>
          }
        >
          <Input type="email" placeholder="delivered@simulator.test" autoComplete="email" data-autofocus {...register("to")} />
        </Field>
        {sandboxFrom ? (
          <div className="space-y-1.5">
            <p className="text-[13px] font-medium text-zinc-800">From</p>
            <p className="rounded-md bg-zinc-50 px-3 py-2 font-mono text-[13px] text-zinc-700">{sandboxFrom}</p>
            <p className="text-[13px] text-zinc-500">
              The sandbox sender, until you have a verified domain: it sends to your own address and to simulator addresses.{" "}
              <Link href="/domains" className="font-medium text-zinc-700 underline">
                {hasDomains ? "Verify a domain" : "Add a domain"}
              </Link>{" "}
              to send from your own.
            </p>
          </div>
        ) : (
          <fieldset className="space-y-1.5">
            <legend className="text-[13px] font-medium text-zinc-800">From</legend>
            <div className="flex items-center gap-2">
              <Input
                aria-label="Sender name before the @"
                aria-invalid={errors.localPart ? true : undefined}
                autoComplete="off"
                className="min-w-0 flex-1"
                {...register("localPart")}
              />
              <span aria-hidden="true" className="text-zinc-500">
                @
              </span>
              <Select aria-label="Verified domain" className="min-w-0 flex-1" {...register("domain")}>
                {domains.map((domain) => (
                  <option key={domain} value={domain}>
                    {domain}
                  </option>
                ))}
              </Select>
            </div>
            {errors.localPart || errors.domain ? (
              <p className="text-[13px] text-red-600 first-letter:uppercase">{(errors.localPart ?? errors.domain)?.message}</p>
            ) : (
              <p className="text-[13px] text-zinc-500">Any address on one of your verified domains.</p>
            )}
          </fieldset>
        )}
        {unsaved && <Alert tone="info">Your unsaved changes are saved first: the email renders the stored template.</Alert>}
        {emptyVariables.length > 0 && (
          <Alert
            tone="warning"
            title={emptyVariables.length === 1 ? "A variable has no sample value" : "Some variables have no sample value"}
          >
            Empty in the test: <span className="font-mono text-xs">{emptyVariables.map((path) => `{{${path}}}`).join(", ")}</span>. Fill{" "}
            {emptyVariables.length === 1 ? "it" : "them"} in under Sample data to see a realistic email.
          </Alert>
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {unsaved ? "Save and send" : "Send test"}
        </Button>
      </DialogFooter>
    </form>
  );
}
