import { cn } from "@/lib/ui/cn";

export type SaveState = { state: "idle" | "saving" | "saved" } | { state: "error"; message: string };

/**
 * The builder saves as you type; this says where that stands. `invalid`: the open
 * form has errors, so nothing was saved and the node stays open until they are fixed.
 */
export function SaveIndicator({ state, invalid }: { state: SaveState; invalid: boolean }) {
  let text = "";
  let tone = "text-zinc-500";
  if (state.state === "saving") text = "Saving…";
  else if (invalid) {
    text = "Couldn't save: fix the highlighted field";
    tone = "text-red-700";
  } else if (state.state === "error") {
    text = `Couldn't save: ${state.message}`;
    tone = "text-red-700";
  } else if (state.state === "saved") {
    text = "Saved";
    tone = "text-emerald-700";
  }
  return (
    <p role="status" data-testid="save-indicator" className={cn("max-w-80 truncate text-xs font-medium", tone)} title={text || undefined}>
      {text}
    </p>
  );
}
