"use client";

import { useState } from "react";
import { useSendBroadcast, useSendTestBroadcast, type Broadcast } from "@/lib/hooks/use-broadcasts";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { ClockIcon, GlobeIcon, SendIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { waitLabel } from "./ab-test-fields";

type When = "now" | "later" | "local";

/** A datetime-local value (the browser's zone) for an hour from now. */
function inAnHour(): string {
  const at = new Date(Date.now() + 3_600_000);
  at.setSeconds(0, 0);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

interface Props {
  broadcast: Broadcast;
  /** The picked list's member count, for the confirmation. */
  audience: number | null;
  /** Saves unsaved edits first; false when they did not save. */
  beforeSend: () => Promise<boolean>;
}

/** Send a test to yourself, then send the draft now or schedule it. */
export function BroadcastSendPanel({ broadcast, audience, beforeSend }: Props) {
  const send = useSendBroadcast(broadcast.id);
  const test = useSendTestBroadcast(broadcast.id);
  const [picked, setWhen] = useState<When>("now");
  // A draft that gained an A/B test since "Local time" was picked: that choice is gone.
  const when = broadcast.abTest && picked === "local" ? "now" : picked;
  const [at, setAt] = useState(inAnHour);
  // A local-time send: that day and time in each member's zone (tomorrow at 09:00 to start with).
  const [localDate, setLocalDate] = useState(() => inAnHour().slice(0, 10));
  const [localClock, setLocalClock] = useState("09:00");
  const [confirming, setConfirming] = useState(false);

  async function sendTest() {
    if (await beforeSend()) test.mutate();
  }

  async function askToSend() {
    send.reset();
    if (await beforeSend()) setConfirming(true);
  }

  function confirm() {
    const body =
      when === "later"
        ? { scheduledAt: new Date(at).toISOString() }
        : when === "local"
          ? { localTime: { date: localDate, time: localClock } }
          : {};
    send.mutate(body, { onSuccess: () => setConfirming(false) });
  }

  const members = audience === null ? "the list's members" : `${audience.toLocaleString()} member${audience === 1 ? "" : "s"}`;
  return (
    <section aria-labelledby="send-title" className="space-y-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-card">
      <div className="flex items-center justify-between gap-3">
        <h2 id="send-title" className="text-sm font-semibold text-zinc-900">
          Send
        </h2>
        <Button variant="secondary" size="sm" loading={test.isPending} onClick={sendTest}>
          <SendIcon />
          Send test to me
        </Button>
      </div>
      {test.isSuccess && (
        <Alert tone="info">
          Test sent to <span className="font-medium">{test.data.to}</span>.
        </Alert>
      )}
      {test.isError && <Alert tone="error">{errorMessage(test.error)}</Alert>}
      <SegmentedControl
        label="When to send"
        value={when}
        onValueChange={setWhen}
        options={[
          { value: "now", label: "Send now", icon: SendIcon },
          { value: "later", label: "Schedule", icon: ClockIcon },
          // An A/B test's winner goes to the rest at one moment, not at a time per zone.
          ...(broadcast.abTest ? [] : [{ value: "local" as const, label: "Local time", icon: GlobeIcon }]),
        ]}
      />
      {when === "later" && (
        <Field id="broadcast-at" label="Send at" hint="Your local time; at most 30 days ahead.">
          <Input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
        </Field>
      )}
      {when === "local" && (
        <div className="grid grid-cols-2 gap-3">
          <Field id="broadcast-local-date" label="Day">
            <Input type="date" value={localDate} onChange={(e) => setLocalDate(e.target.value)} />
          </Field>
          <Field id="broadcast-local-time" label="Time">
            <Input type="time" value={localClock} onChange={(e) => setLocalClock(e.target.value)} />
          </Field>
          <p className="col-span-2 text-[13px] text-zinc-600">
            Each member gets it at this time in their own zone (their <span className="font-mono">timezone</span> property, else your
            account&apos;s). Sending starts when the first zone reaches it; where it has passed already, the email goes at once.
          </p>
        </div>
      )}
      <Button onClick={askToSend} disabled={(when === "later" && !at) || (when === "local" && (!localDate || !localClock))}>
        {when === "now" ? "Send now…" : "Schedule…"}
      </Button>

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={when === "now" ? "Send this broadcast now?" : "Schedule this broadcast?"}
        description={
          (broadcast.abTest
            ? `A/B test: ${broadcast.abTest.sharePercent}% get one of ${broadcast.abTest.subjects.length + 1} subjects first, the winner goes to the rest ${waitLabel(broadcast.abTest.waitMinutes)} later. `
            : "") +
          (when === "now"
            ? `It goes to ${members} who are subscribed and not suppressed, one credit each. This cannot be undone.`
            : when === "local"
              ? `It goes to ${members} at ${localClock} on ${localDate} in each one's time zone. You can cancel it until sending starts.`
              : `It goes to ${members} on ${new Date(at).toLocaleString()}. You can cancel it until then.`)
        }
      >
        {send.isError && (
          <DialogBody>
            <Alert tone="error">{errorMessage(send.error)}</Alert>
          </DialogBody>
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={() => setConfirming(false)} data-autofocus>
            Cancel
          </Button>
          <Button loading={send.isPending} onClick={confirm}>
            {when === "now" ? "Send" : "Schedule"}
          </Button>
        </DialogFooter>
      </Dialog>
    </section>
  );
}
