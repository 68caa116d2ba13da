"use client";

import { useMemo, useState, type ReactNode } from "react";
import Link from "next/link";
import type { UpdateAutomationBody } from "@/lib/automations/schemas";
import { domainOf, parseAddress } from "@/lib/emails/addresses";
import { useAccount } from "@/lib/hooks/use-account";
import type { Automation } from "@/lib/hooks/use-automations";
import { useDomains } from "@/lib/hooks/use-domains";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** The id the "Choose a sender" fix focuses. */
export const SENDER_FIELD_ID = "automation-from";

/**
 * The automation's sender (its `from`): free text with suggestions on the account's verified
 * domains (in local mode also its unverified ones and the sandbox sender), saved on blur or
 * Enter. Empty sends from the account's default sender. A sender activation would refuse is said
 * at once.
 */
export function SenderField({
  automation,
  locked,
  save,
}: {
  automation: Automation;
  locked: boolean;
  save: (body: UpdateAutomationBody) => Promise<unknown>;
}) {
  const account = useAccount();
  const domains = useDomains({ limit: 100, offset: 0 });
  const [value, setValue] = useState(automation.from ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const stored = automation.from ?? "";

  // Undo or another tab changed the stored sender: show it (adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(stored);
  if (shown !== stored) {
    setShown(stored);
    setValue(stored);
  }

  // Local mode (mail cannot leave this machine): the sandbox sender and unverified domains send too.
  const local = account.data?.localMode ?? false;
  const sandboxFrom = account.data?.sandboxFrom ?? null;
  const verified = useMemo(() => (domains.data?.data ?? []).filter((d) => d.status === "verified").map((d) => d.domain), [domains.data]);
  const own = useMemo(() => (domains.data?.data ?? []).map((d) => d.domain), [domains.data]);
  const suggestions = useMemo(() => {
    const companyName = account.data?.companyName?.trim();
    const addresses = (local ? own : verified).map((domain) => (companyName ? `${companyName} <hello@${domain}>` : `hello@${domain}`));
    const fallback = account.data?.defaultFrom;
    const sandbox = local && sandboxFrom ? [sandboxFrom] : [];
    return [...new Set([...(fallback ? [fallback] : []), ...addresses, ...sandbox])];
  }, [verified, own, local, sandboxFrom, account.data]);

  const defaultFrom = account.data?.defaultFrom ?? null;
  const trimmed = value.trim();
  const parsed = trimmed ? parseAddress(trimmed) : null;
  const domain = parsed ? domainOf(parsed.address) : null;
  const isSandbox = !!parsed && parsed.address === sandboxFrom;
  const unverified = !isSandbox && !!domain && domains.data !== undefined && !verified.includes(domain);
  const localUnverified = unverified && local && own.includes(domain!);

  async function commit() {
    if (trimmed === stored) return;
    if (trimmed && !parsed) {
      setError("Write an address like hello@yourdomain.com or Name <hello@yourdomain.com>");
      return;
    }
    setSaving(true);
    try {
      await save({ from: trimmed || null });
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  }

  let hint: ReactNode;
  if (locked) hint = "Pause the automation to change its sender.";
  else if (isSandbox && local) hint = "Local mode: the sandbox sender reaches anyone here, and every email lands in the dev inbox.";
  else if (isSandbox)
    hint = (
      <span className="text-amber-700">
        The sandbox sender reaches only your own address once mail leaves this machine: choose a sender on a verified domain.{" "}
        <Link href="/domains" className="font-medium underline">
          Verify a domain
        </Link>
      </span>
    );
  else if (localUnverified)
    hint = `Local mode: ${domain} is not verified yet, and its emails land in the dev inbox. Verify it before mail leaves this machine.`;
  else if (unverified)
    hint = (
      <span className="text-amber-700">
        {domain} is not a verified domain of this account: activation needs a verified sender.{" "}
        <Link href="/domains" className="font-medium underline">
          Verify a domain
        </Link>
      </span>
    );
  else if (!trimmed && defaultFrom) hint = `Empty: sends from the account's default sender, ${defaultFrom}.`;
  else if (!trimmed && local) hint = `Choose who these emails come from, for instance the sandbox sender ${sandboxFrom ?? ""}.`;
  else if (!trimmed) hint = "Choose who these emails come from: an address on a verified domain.";
  else hint = saving ? "Saving…" : "Emails of this automation come from this address.";

  return (
    <div>
      <Field id={SENDER_FIELD_ID} label="Sender" hint={hint} error={error ?? undefined} className="max-w-xl">
        <Input
          value={value}
          list={`${SENDER_FIELD_ID}-options`}
          placeholder={defaultFrom ? `${defaultFrom} (account default)` : "hello@yourdomain.com"}
          disabled={locked}
          autoComplete="off"
          data-testid="sender-field"
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          onBlur={() => void commit()}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void commit();
            }
          }}
        />
      </Field>
      <SenderOptions addresses={suggestions} />
    </div>
  );
}

/** The sender field's suggestions (a datalist beside it, so Field wires one control). */
function SenderOptions({ addresses }: { addresses: string[] }) {
  return (
    <datalist id={`${SENDER_FIELD_ID}-options`}>
      {addresses.map((a) => (
        <option key={a} value={a} />
      ))}
    </datalist>
  );
}
