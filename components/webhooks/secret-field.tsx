"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { EyeIcon } from "@/components/ui/icons";
import { EyeOffIcon } from "./webhook-icons";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** The signing secret, masked until revealed, with a copy button that works either way. */
export function SecretField({ id, secret, revealed: initiallyRevealed = false }: { id: string; secret: string; revealed?: boolean }) {
  const [revealed, setRevealed] = useState(initiallyRevealed);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Signing secret</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={revealed ? secret : `whsec_${"•".repeat(32)}`}
          onFocus={(event) => revealed && event.currentTarget.select()}
          spellCheck={false}
          className="font-mono text-[13px]"
          aria-label={revealed ? "Signing secret" : "Signing secret (hidden)"}
        />
        {!initiallyRevealed && (
          <Button variant="secondary" size="md" onClick={() => setRevealed(!revealed)} aria-pressed={revealed}>
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
            {revealed ? "Hide" : "Reveal"}
          </Button>
        )}
        <CopyButton value={secret} label="Copy" size="md" />
      </div>
    </div>
  );
}
