"use client";

import { useState, type ReactNode } from "react";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog, DialogBody, DialogFooter } from "./dialog";

interface ConfirmDeleteDialogProps<T> {
  /** What would be deleted; null keeps the dialog closed. */
  item: T | null;
  title: ReactNode | ((item: T) => ReactNode);
  description: (item: T) => ReactNode;
  /** Shown in the dialog's body, under the description. */
  details?: (item: T) => ReactNode;
  confirmLabel: string;
  /** Deletes; a rejection is shown in the dialog, which stays open. */
  onConfirm: (item: T) => Promise<unknown>;
  onClose: () => void;
  /** After a delete: instead of closing, for a page that leaves (its record is gone). */
  onDeleted?: () => void;
  /** A refusal that no retry fixes (the record is in use): its title; Delete then goes away. */
  refusal?: (error: unknown) => string | null;
  /** The destructive button takes focus on open, where undo can bring the record back. */
  focusConfirm?: boolean;
}

/** The one confirmation before deleting or revoking something: Cancel, and the red action. */
export function ConfirmDeleteDialog<T>(props: ConfirmDeleteDialogProps<T>) {
  const { item, onClose } = props;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const refused = error !== null ? (props.refusal?.(error) ?? null) : null;

  function close() {
    setError(null);
    onClose();
  }

  async function confirm(target: T) {
    setPending(true);
    setError(null);
    try {
      await props.onConfirm(target);
    } catch (failure) {
      setError(failure);
      return;
    } finally {
      setPending(false);
    }
    if (props.onDeleted) props.onDeleted();
    else close();
  }

  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => open || close()}
      title={item !== null && typeof props.title === "function" ? props.title(item) : (props.title as ReactNode)}
      description={item !== null && props.description(item)}
    >
      {item !== null && (
        <>
          {(error !== null || props.details) && (
            <DialogBody>
              {props.details?.(item)}
              {error !== null && (
                <Alert tone={refused ? "warning" : "error"} title={refused ?? undefined}>
                  {errorMessage(error)}
                </Alert>
              )}
            </DialogBody>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={close} data-autofocus={props.focusConfirm ? undefined : true}>
              {refused ? "Close" : "Cancel"}
            </Button>
            {!refused && (
              <Button
                variant="danger"
                loading={pending}
                data-autofocus={props.focusConfirm || undefined}
                onClick={() => void confirm(item)}
              >
                {props.confirmLabel}
              </Button>
            )}
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
