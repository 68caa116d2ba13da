"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { DesignEditor } from "./design-editor";
import type { DesignBody } from "./use-design-body";

/**
 * An email's body: the visual editor with its one-way "Edit as HTML" (after a confirmation), or
 * `code` (the HTML editor) once the body is code.
 */
export function DesignBodyField({
  body,
  knownVariables,
  onSwitchToCode,
  code,
}: {
  body: DesignBody;
  knownVariables: string[];
  /** Gets the design's HTML, for the code editor to start from. */
  onSwitchToCode: (html: string) => void;
  code: ReactNode;
}) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  if (body.mode === "code") return code;
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-sm font-medium text-zinc-900">Content</h2>
        <button
          type="button"
          onClick={() => setConfirmOpen(true)}
          className="text-[13px] font-medium text-zinc-600 underline-offset-2 hover:text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          Edit as HTML
        </button>
      </div>
      <DesignEditor state={body.editor} dispatch={body.dispatch} knownVariables={knownVariables} problem={body.problem} />
      <Dialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Edit this email as HTML?"
        description="The blocks become HTML you edit as code. Once saved, it stays code: it cannot go back to the visual editor."
      >
        <DialogFooter>
          <Button variant="secondary" onClick={() => setConfirmOpen(false)}>
            Keep the visual editor
          </Button>
          <Button
            onClick={() => {
              setConfirmOpen(false);
              onSwitchToCode(body.switchToCode());
            }}
          >
            Switch to HTML
          </Button>
        </DialogFooter>
      </Dialog>
    </div>
  );
}
