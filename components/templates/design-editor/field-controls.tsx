"use client";

import { useId, type ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";

/** Two fields side by side from the sm breakpoint up, stacked below it. */
export function Row({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2">{children}</div>;
}

/** A labelled text or number input, with its error below it and tied to it for screen readers. */
export function LabeledInput({
  label,
  value,
  onChange,
  error,
  mono,
  type = "text",
  ...rest
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  error?: string | null;
  mono?: boolean;
  type?: string;
  min?: number;
  max?: number;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-[13px] font-medium text-zinc-700">
        {label}
      </label>
      <Input
        id={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={mono ? "font-mono text-[13px]" : undefined}
        autoComplete="off"
        {...rest}
      />
      {error && (
        <p id={`${id}-error`} className="text-[13px] text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

type Align = "left" | "center" | "right";

/** A block's alignment; a block without one is aligned left. */
export function AlignSelect({ value, onChange }: { value: string | undefined; onChange: (value: Align) => void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-[13px] font-medium text-zinc-700">
        Alignment
      </label>
      <Select id={id} value={value ?? "left"} onChange={(e) => onChange(e.target.value as Align)}>
        <option value="left">Left</option>
        <option value="center">Centre</option>
        <option value="right">Right</option>
      </Select>
    </div>
  );
}
