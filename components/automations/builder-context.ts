import { createContext, useContext } from "react";

export type Selection = { kind: "trigger" } | { kind: "delay" | "email"; stepId: string } | null;

/** Problems to show on the canvas: the trigger's, and each step's delay and email. */
export interface NodeErrors {
  trigger?: string;
  steps: Record<string, { delay?: string; email?: string }>;
}

export interface BuilderCanvasActions {
  locked: boolean;
  busy: boolean;
  selection: Selection;
  errors: NodeErrors;
  stepCount: number;
  templateNames: Map<string, string>;
  select: (selection: Selection) => void;
  insertAt: (position: number) => void;
  move: (index: number, to: number) => void;
  remove: (index: number) => void;
}

export const BuilderCanvasContext = createContext<BuilderCanvasActions | null>(null);

export function useBuilderCanvas(): BuilderCanvasActions {
  const value = useContext(BuilderCanvasContext);
  if (!value) throw new Error("useBuilderCanvas outside the builder");
  return value;
}
