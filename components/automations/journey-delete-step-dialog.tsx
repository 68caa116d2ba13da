"use client";

import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";

/** Confirms deleting a step, naming the steps that go with it (those only its other paths reached). */
export function JourneyDeleteStepDialog({
  confirming,
  onConfirm,
  onClose,
}: {
  confirming: { key: string; removed: string[] } | null;
  onConfirm: (key: string) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDeleteDialog
      item={confirming}
      title={({ key }) => `Delete step ${key}?`}
      description={({ removed }) =>
        removed.length > 1
          ? "What led to it goes on to the step after it. The steps only its other paths reached are deleted too."
          : "What led to it goes on to the step after it."
      }
      details={({ removed }) =>
        removed.length > 1 ? (
          <p className="text-sm text-zinc-700">
            Also deleted: <code className="font-mono text-xs break-all">{removed.slice(1).join(", ")}</code>
          </p>
        ) : null
      }
      confirmLabel="Delete step"
      onConfirm={async ({ key }) => onConfirm(key)}
      onClose={onClose}
      focusConfirm
    />
  );
}
