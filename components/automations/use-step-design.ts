"use client";

import { useEffect, useRef } from "react";
import type { DesignInput } from "@/lib/templates/design";
import { stepStarterDesign } from "@/lib/templates/starter-design";
import { useDesignBody } from "@/components/templates/design-editor/use-design-body";

/** The variables an automation email's editor offers as chips (buildStepVariables). */
export const STEP_DESIGN_VARIABLES = ["name", "email", "company", "list_name"];

/**
 * A step email's body in the visual editor, as templates and broadcasts edit theirs. A step
 * saved with a design opens visual; one with HTML but no design opens as code, its HTML never
 * run through the editor; a step with no body yet starts visual from the starter. While visual,
 * every change of the design is handed to `onChange` with the HTML rendered from it, so the
 * step's form stores both (and saves them as it saves any edit).
 */
export function useStepDesign(options: {
  saved: { design: unknown; html: string | null } | undefined;
  onChange: (design: DesignInput, html: string) => void;
}) {
  const body = useDesignBody({ saved: options.saved, starter: stepStarterDesign });
  const onChange = useRef(options.onChange);
  useEffect(() => {
    onChange.current = options.onChange;
  });
  const design = body.mode === "visual" ? body.editor.design : null;
  const { html, problem } = body;
  // A saved design is already in the step: only the edits made from here on are handed over.
  const skipFirst = useRef(!!options.saved?.design);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    // An incomplete block (a link being typed) keeps the last design that rendered.
    if (design && !problem) onChange.current(design, html);
  }, [design, html, problem]);
  return body;
}

/** The saved body a step's editor starts from: none (a new body, visual) when it has neither HTML nor a design. */
export function savedStepBody(design: unknown, html: string | null | undefined) {
  return design || html ? { design: design ?? null, html: html ?? null } : undefined;
}
