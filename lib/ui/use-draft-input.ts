import { useState, type ChangeEvent, type KeyboardEvent } from "react";

/**
 * A text filter that applies on Enter or on leaving the field, not at every key: the draft is
 * what the field shows; `commit` gets `accept(draft)` when that differs from `committed` (a
 * null from `accept` means the draft cannot apply yet). Emptying the field clears the filter at
 * once.
 */
export function useDraftInput(committed: string, commit: (value: string) => void, accept: (draft: string) => string | null = (d) => d) {
  const [draft, setDraft] = useState(committed);
  const apply = () => {
    const value = accept(draft);
    if (value !== null && value !== committed) commit(value);
  };
  return {
    draft,
    setDraft,
    inputProps: {
      value: draft,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setDraft(event.target.value);
        if (event.target.value === "" && committed) commit("");
      },
      onBlur: apply,
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === "Enter") apply();
      },
    },
  };
}
