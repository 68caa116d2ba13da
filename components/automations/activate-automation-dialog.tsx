"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import type { Automation } from "@/lib/hooks/use-automations";

/** Who "already match" means for the trigger, in the user's words. */
function matchWords(automation: Automation): string {
  const config = automation.triggerConfig as { listName?: string; property?: string; value?: string };
  if (automation.triggerType === "list_join") return `already on the list ${config.listName}`;
  return `whose ${config.property} is already “${config.value}”`;
}

/**
 * Asked on Activate when contacts already match the trigger: enroll them too, or
 * only the ones who match from now on. Not shown when nobody matches.
 */
export function ActivateAutomationDialog({
  automation,
  count,
  onClose,
  onActivate,
}: {
  automation: Automation;
  count: number | null;
  onClose: () => void;
  onActivate: (enrollExisting: boolean) => void;
}) {
  const people = `${count ?? 0} contact${count === 1 ? "" : "s"}`;
  return (
    <Dialog
      open={count !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Activate “${automation.name}”?`}
      description="From now on, every contact who matches the trigger gets its emails."
    >
      <DialogBody>
        <p className="text-sm text-zinc-700" data-testid="activate-matching">
          {people} {matchWords(automation)} (subscribed, not suppressed). Enroll them too? Each gets the first email after its wait, once.
        </p>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={() => onActivate(false)}>
          Only new contacts
        </Button>
        <Button data-autofocus onClick={() => onActivate(true)}>
          Activate and enroll {people}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
