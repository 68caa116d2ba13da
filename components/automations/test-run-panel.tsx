"use client";

import { useState } from "react";
import Link from "next/link";
import { useForm, type FieldErrors } from "react-hook-form";
import { startTestRunBodySchema, type StartTestRunBody } from "@/lib/automations/test-runs/test-run-schemas";
import { TEST_RUN_STEP_DELAY_MS } from "@/lib/automations/test-runs/test-run-timing";
import type { Automation, AutomationStep } from "@/lib/hooks/use-automations";
import { useContacts, type Contact } from "@/lib/hooks/use-contacts";
import { useStartTestRun, useTestRun, type TestRun } from "@/lib/hooks/use-automation-test-runs";
import { errorMessage } from "@/lib/ui/fetch-api";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { CheckIcon, ClockIcon, Icon, InboxIcon, SearchIcon, type IconProps } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { SandboxedFrame } from "@/components/ui/sandboxed-frame";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDelay } from "./automation-format";

// Lucide's flask-conical (ISC licence), in the components/ui/icons look.
const FlaskIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 2v6a2 2 0 0 0 .245.96l5.51 10.08A2 2 0 0 1 18 22H6a2 2 0 0 1-1.755-2.96l5.51-10.08A2 2 0 0 0 10 8V2" />
    <path d="M6.453 15h11.094" />
    <path d="M8.5 2h7" />
  </Icon>
);

type Mode = "contact" | "made-up";
interface FormValues {
  mode: Mode;
  contactId: string;
  email: string;
  name: string;
}

const SECONDS = TEST_RUN_STEP_DELAY_MS / 1000;

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

/** The header's "Test run" button and its dialog: start a run, then watch its emails arrive in order. */
/** `prepare` runs before the dialog opens (the builder saves pending edits: a run uses the saved automation). */
export function TestRunPanel({ automation, prepare }: { automation: Automation; prepare?: () => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [runId, setRunId] = useState<string | null>(null);
  const noSteps = automation.steps.length === 0;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        disabled={noSteps}
        title={noSteps ? "Add a step to test the automation" : "Send every step to a test contact in seconds, into the dev inbox"}
        onClick={async () => {
          if (!prepare || (await prepare())) setOpen(true);
        }}
      >
        <FlaskIcon />
        Test run
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Test run"
        description={
          <>
            Every step of the saved automation, for one test contact, with each delay shortened to {SECONDS} seconds. The emails go only to
            the dev inbox: no credits, analytics, webhooks or real contacts are touched.
          </>
        }
        // Wider than a form dialog: the emails render at a readable width.
        className="sm:max-w-3xl"
      >
        {runId ? (
          <RunView automation={automation} runId={runId} onRestart={() => setRunId(null)} onClose={() => setOpen(false)} />
        ) : (
          <StartForm automation={automation} onStarted={setRunId} onClose={() => setOpen(false)} />
        )}
      </Dialog>
    </>
  );
}

function StartForm({ automation, onStarted, onClose }: { automation: Automation; onStarted: (id: string) => void; onClose: () => void }) {
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

function ContactChoices({
  contacts,
  loading,
  error,
  chosen,
  onChoose,
}: {
  contacts: Contact[] | undefined;
  loading: boolean;
  error: unknown;
  chosen: Contact | null;
  onChoose: (contact: Contact) => void;
}) {
  if (loading) return <Skeleton className="h-24 w-full" />;
  if (error) return <Alert tone="error">{errorMessage(error)}</Alert>;
  const list = [...(chosen && !contacts?.some((c) => c.id === chosen.id) ? [chosen] : []), ...(contacts ?? [])];
  if (!list.length)
    return (
      <p className="rounded-lg border border-dashed border-zinc-200 px-3 py-4 text-center text-[13px] text-zinc-500">
        No contact matches. Make one up instead.
      </p>
    );
  return (
    <ul role="radiogroup" aria-label="Contacts" className="divide-y divide-zinc-100 overflow-hidden rounded-lg border border-zinc-200">
      {list.map((contact) => {
        const selected = chosen?.id === contact.id;
        return (
          <li key={contact.id}>
            <button
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => onChoose(contact)}
              className={`flex w-full cursor-pointer items-center gap-3 px-3 py-2 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 ${selected ? "bg-brand-50" : "hover:bg-zinc-50"}`}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-zinc-900">{contact.name || contact.email}</span>
                {contact.name && <span className="block truncate text-xs text-zinc-500">{contact.email}</span>}
              </span>
              {!contact.subscribed && <Badge tone="warning">Unsubscribed</Badge>}
              {selected && <CheckIcon className="size-4 text-brand-600" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

const RUN_TONES: Record<TestRun["status"], BadgeTone> = { running: "info", completed: "success", failed: "danger", cancelled: "warning" };
const RUN_LABELS: Record<TestRun["status"], string> = {
  running: "Running",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Stopped",
};
const STEP_TONES: Record<TestRun["steps"][number]["status"], BadgeTone> = {
  pending: "neutral",
  sent: "success",
  failed: "danger",
  skipped: "neutral",
};
const STEP_LABELS: Record<TestRun["steps"][number]["status"], string> = {
  pending: "Pending",
  sent: "Sent",
  failed: "Failed",
  skipped: "Not sent",
};

function RunView({
  automation,
  runId,
  onRestart,
  onClose,
}: {
  automation: Automation;
  runId: string;
  onRestart: () => void;
  onClose: () => void;
}) {
  const run = useTestRun(automation.id, runId);
  if (run.isPending)
    return (
      <DialogBody className="space-y-3 pb-6" aria-busy="true">
        <Skeleton className="h-6 w-64" />
        <Skeleton className="h-40 w-full" />
      </DialogBody>
    );
  if (run.isError)
    return (
      <DialogBody className="pb-6">
        <Alert tone="error" title="Could not load the test run">
          {errorMessage(run.error)}
        </Alert>
      </DialogBody>
    );
  const data = run.data;
  const sent = data.steps.filter((step) => step.status === "sent").length;
  const emails = new Map(data.emails.map((email) => [email.id, email]));
  return (
    <>
      <DialogBody className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-zinc-50 px-3 py-2.5 text-[13px]">
          <p className="min-w-0 text-zinc-600">
            To{" "}
            <span className="font-medium text-zinc-900">
              {data.contact.name ? `${data.contact.name} <${data.contact.email}>` : data.contact.email}
            </span>
            {data.contact.contactId ? " (a copy of the contact)" : " (made up)"}
          </p>
          <span className="flex items-center gap-2">
            <span className="text-zinc-500" aria-live="polite">
              {sent} of {data.steps.length} sent
            </span>
            <Badge tone={RUN_TONES[data.status]} dot data-testid="test-run-status">
              {RUN_LABELS[data.status]}
            </Badge>
          </span>
        </div>
        {data.contact.note && <Alert tone="warning">{data.contact.note}</Alert>}
        {data.error && (
          <Alert tone="error" title={data.status === "failed" ? "The run stopped" : "Last error"}>
            {data.error}
          </Alert>
        )}
        <ol className="space-y-3" aria-label="Test run steps">
          {data.steps.map((step, i) => (
            <RunStep
              key={step.id}
              index={i}
              step={step}
              source={automation.steps.find((s) => s.id === step.id)}
              email={step.emailId ? emails.get(step.emailId) : undefined}
            />
          ))}
        </ol>
      </DialogBody>
      <DialogFooter className="sm:justify-between">
        <Link href="/inbox" className={buttonClasses({ variant: "ghost" })}>
          <InboxIcon />
          Open the dev inbox
        </Link>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onRestart}>
            New test run
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </DialogFooter>
    </>
  );
}

function RunStep({
  index,
  step,
  source,
  email,
}: {
  index: number;
  step: TestRun["steps"][number];
  source: AutomationStep | undefined;
  email: TestRun["emails"][number] | undefined;
}) {
  const wait = step.delayMinutes === 0 ? "Immediately" : `${formatDelay(step.delayMinutes)} → ${SECONDS} s`;
  return (
    <li className="overflow-hidden rounded-lg border border-zinc-200 bg-white" data-testid="test-run-step" data-status={step.status}>
      <div className="flex items-center gap-3 px-3 py-2.5">
        <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-zinc-100 text-xs font-semibold text-zinc-600">
          {index + 1}
        </span>
        <div className="min-w-0 flex-1">
          {/* Until it is sent, the step's own subject, variables and all. */}
          <p className={`truncate text-sm font-medium ${email ? "text-zinc-900" : "text-zinc-500"}`} data-testid="test-run-subject">
            {email ? email.subject : source?.subject || (source?.templateId ? "Template email" : "Email")}
          </p>
          <p className="flex items-center gap-1 text-xs text-zinc-500">
            <ClockIcon className="size-3" />
            {wait}
          </p>
        </div>
        {email?.inboxMessageId && (
          <Link
            href={`/inbox?message=${encodeURIComponent(email.inboxMessageId)}`}
            className="text-xs font-medium text-brand-700 hover:underline"
          >
            In the dev inbox
          </Link>
        )}
        <Badge tone={STEP_TONES[step.status]} dot>
          {STEP_LABELS[step.status]}
        </Badge>
      </div>
      {email && (
        <div className="border-t border-zinc-100">
          <SandboxedFrame title={`Email ${index + 1}: ${email.subject}`} html={email.html ?? ""} width={600} height={180} fitNarrowBox />
        </div>
      )}
    </li>
  );
}
