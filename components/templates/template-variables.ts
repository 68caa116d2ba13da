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

/** Every variable path used in the sources, sorted; null while one of them does not parse. */
export function variablePaths(...sources: string[]): string[] | null {
  if (sources.some((source) => templateSyntaxError(source) !== null)) return null;
  const names = new Set<string>();
  for (const source of sources) collect(writer.parse(source) as Token[], names);
  return [...names].sort();
}

export { nestSampleValues } from "@/lib/templates/sample-data";

/**
 * The values POST /emails can carry: its `variables` are flat (string, number, boolean), so
 * only undotted names go; `dropped` lists the rest.
 */
export function sendableVariables(values: Record<string, string>, paths: string[]) {
  const variables: Record<string, string> = {};
  const dropped: string[] = [];
  for (const path of paths) {
    if (path.includes(".")) dropped.push(path);
    else variables[path] = values[path] ?? "";
  }
  return { variables, dropped };
}
