import Mustache from "mustache";
import { templateSyntaxError } from "@/lib/templates/render";

// The sample-data panel needs every name as written (`contact.plan`, not only `contact` as
// extractVariables gives): one input each, folded back into nested values for the preview.

type Token = [type: string, value: string, start: number, end: number, children?: Token[]];

// A writer of our own: mustache's shared one caches every distinct template string it parses,
// and the editor parses one per keystroke.
const writer = new Mustache.Writer();
(writer as unknown as { templateCache?: unknown }).templateCache = undefined;

function collect(tokens: Token[], into: Set<string>) {
  for (const [type, value, , , children] of tokens) {
    if ((type === "name" || type === "&" || type === "#" || type === "^") && value !== ".") into.add(value);
    if (children) collect(children, into);
  }
}

/**
 * Variables the service fills for each recipient contact of a broadcast or journey (their
 * unsubscribe page): no sample value is asked for, and none is reported as empty.
 */
export const FILLED_WHEN_SENT: ReadonlySet<string> = new Set(["unsubscribe_url"]);

/** Every variable path used in the sources, sorted; null while one of them does not parse. */
export function variablePaths(...sources: string[]): string[] | null {
  if (sources.some((source) => templateSyntaxError(source) !== null)) return null;
  const names = new Set<string>();
  for (const source of sources) collect(writer.parse(source) as Token[], names);
  return [...names].sort();
}

import { nestSampleValues } from "@/lib/templates/sample-data";
export { nestSampleValues };

/**
 * The variables the preview renders with and "Send test" sends: the sample values of the
 * variables the template uses, nested by their dots ({"contact.plan": "pro"} gives
 * {contact: {plan: "pro"}}), which POST /emails takes as they are. One object for both, so the
 * test email reads as the preview does.
 */
export function sampleVariables(values: Record<string, string>, paths: string[]): Record<string, unknown> {
  const used: Record<string, string> = {};
  for (const path of paths) if (Object.hasOwn(values, path)) used[path] = values[path];
  return nestSampleValues(used);
}
