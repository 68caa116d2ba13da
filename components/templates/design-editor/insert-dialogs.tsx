"use client";

import { useId, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { VARIABLE_NAME, linkHrefSchema } from "@/lib/templates/design";

// The dialogs sit inside the template's <form>: Enter in a field applies the dialog instead of
// submitting (saving) the template.
function onEnter(apply: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      apply();
    }
  };
}

export function LinkDialog({
  open,
  initial,
  onClose,
  onApply,
}: {
  open: boolean;
  initial: string;
  onClose: () => void;
  onApply: (href: string) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Link"
      description="An https:// or mailto: address, or a {{variable}}."
    >
      {open && <LinkForm initial={initial} onClose={onClose} onApply={onApply} />}
    </Dialog>
  );
}

function LinkForm({ initial, onClose, onApply }: { initial: string; onClose: () => void; onApply: (href: string) => void }) {
  const id = useId();
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string>();
  const apply = () => {
    const value = href.trim();
    if (!value) return onApply("");
    const parsed = linkHrefSchema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    onApply(value);
  };
  return (
    <>
      <DialogBody>
        <Field id={`${id}-href`} label="Address" error={error} hint="Leave empty to remove the link.">
          <Input value={href} onChange={(e) => setHref(e.target.value)} onKeyDown={onEnter(apply)} placeholder="https://" data-autofocus />
        </Field>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={apply}>Apply link</Button>
      </DialogFooter>
    </>
  );
}

export function VariableDialog({
  open,
  known,
  onClose,
  onInsert,
}: {
  open: boolean;
  known: string[];
  onClose: () => void;
  onInsert: (name: string, fallback: string) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Insert variable"
      description="Filled in for each recipient from the send's variables or the contact's properties."
    >
      {open && <VariableForm known={known} onClose={onClose} onInsert={onInsert} />}
    </Dialog>
  );
}

const SUGGESTED = ["name", "first_name", "email", "company"];

function VariableForm({
  known,
  onClose,
  onInsert,
}: {
  known: string[];
  onClose: () => void;
  onInsert: (name: string, fallback: string) => void;
}) {
  const id = useId();
  const [name, setName] = useState("");
  const [fallback, setFallback] = useState("");
  const [error, setError] = useState<string>();
  const options = [...new Set([...known.filter((k) => k !== "unsubscribe_url"), ...SUGGESTED])];
  const insert = () => {
    const value = name.trim();
    if (!VARIABLE_NAME.test(value)) return setError("Use letters, digits, _ and -, with dots for nested values (contact.plan).");
    if (/[{}]/.test(fallback)) return setError("A fallback cannot contain { or }.");
    onInsert(value, fallback.trim());
  };
  return (
    <>
      <DialogBody className="space-y-4">
        <Field id={`${id}-name`} label="Variable" error={error}>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={onEnter(insert)}
            list={`${id}-names`}
            placeholder="first_name"
            autoComplete="off"
            className="font-mono text-[13px]"
            data-autofocus
          />
        </Field>
        <datalist id={`${id}-names`}>
          {options.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
        <Field id={`${id}-fallback`} label="Fallback" hint="Shown when the recipient has no value for it, e.g. “there” in “Hi there”.">
          <Input value={fallback} onChange={(e) => setFallback(e.target.value)} onKeyDown={onEnter(insert)} autoComplete="off" />
        </Field>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={insert}>Insert variable</Button>
      </DialogFooter>
    </>
  );
}
