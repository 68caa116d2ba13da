import Mustache from "mustache";
import { ApiError, type ErrorDetail } from "@/lib/api/errors";

// Mustache semantics (DESIGN 5): {{x}} HTML-escaped, {{{x}}} and {{& x}} raw, unknown names
// empty, dotted names walk objects. Subjects are plain text headers: never escaped, and no
// control character (CR/LF above all) survives, so a variable cannot inject a header.

export type TemplateVariables = Record<string, unknown>;

export interface TemplateSource {
  subject: string;
  html: string;
  text?: string | null;
}

export interface RenderedTemplate {
  subject: string;
  html: string;
  text: string | null;
}

type Token = [type: string, value: string, start: number, end: number, children?: Token[]];

// Lookups see only the data's own properties and never call functions: with mustache's default
// context `{{constructor}}` reaches Object through the prototype and calls it, and
// `{{hasOwnProperty}}` breaks the lookup cache.
class DataOnlyContext extends Mustache.Context {
  private readonly found = new Map<string, unknown>();

  push(view: unknown): Mustache.Context {
    return new DataOnlyContext(view, this);
  }

  lookup(name: string): unknown {
    if (this.found.has(name)) return this.found.get(name);
    let value: unknown;
    if (name === ".") {
      value = this.view;
    } else {
      const path = name.split(".");
      for (let ctx: Mustache.Context | undefined = this; ctx; ctx = ctx.parent) {
        const hit = resolvePath(ctx.view, path);
        if (hit.found) {
          value = hit.value;
          break;
        }
      }
    }
    if (typeof value === "function") value = undefined;
    this.found.set(name, value);
    return value;
  }
}

function resolvePath(view: unknown, path: string[]): { found: boolean; value?: unknown } {
  // A bare name only matches an object's property; a dotted one may end on a primitive's own
  // property ("name.length"), as in mustache.
  if (path.length === 1 && (view === null || typeof view !== "object")) return { found: false };
  let current = view;
  for (const key of path) {
    if (current === null || current === undefined || !Object.hasOwn(Object(current), key)) return { found: false };
    current = (current as Record<string, unknown>)[key];
  }
  return { found: true, value: current };
}

// Our own writer, without mustache's unbounded parse cache (one entry per distinct template
// string, kept forever in a long-running server).
const writer = new Mustache.Writer();
(writer as unknown as { templateCache?: unknown }).templateCache = undefined;

const plain = (value: unknown) => String(value);

function render(source: string, variables: TemplateVariables, escapeHtml: boolean): string {
  // No partials argument: a {{> name}} tag renders nothing (and validation rejects it).
  return writer.render(source, new DataOnlyContext(variables), undefined, escapeHtml ? undefined : { escape: plain });
}

// C0 and C1 controls plus Unicode line/paragraph separators: anything a mail header or a client
// might treat as a line break.
const CONTROL_RUN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Makes a rendered subject safe for the Subject header: one line, trimmed. */
export function sanitizeSubject(subject: string): string {
  return subject.replace(CONTROL_RUN, " ").trim();
}

/** Renders a template's subject (plain text, one line), HTML (escaped) and text (unescaped). */
export function renderTemplate(template: TemplateSource, variables: TemplateVariables = {}): RenderedTemplate {
  return {
    subject: sanitizeSubject(render(template.subject, variables, false)),
    html: render(template.html, variables, true),
    text: template.text == null ? null : render(template.text, variables, false),
  };
}

function parse(source: string): Token[] {
  return writer.parse(source) as Token[];
}

function lineAndColumn(source: string, index: number): string {
  const before = source.slice(0, index);
  const line = before.split("\n").length;
  const column = index - before.lastIndexOf("\n");
  return `line ${line}, column ${column}`;
}

function findPartial(tokens: Token[]): Token | undefined {
  for (const token of tokens) {
    if (token[0] === ">") return token;
    const inner = token[4] && findPartial(token[4]);
    if (inner) return inner;
  }
  return undefined;
}

/** The syntax problem in a template as a readable sentence, or null when it parses. */
export function templateSyntaxError(source: string): string | null {
  let tokens: Token[];
  try {
    tokens = parse(source);
  } catch (error) {
    // mustache says e.g. `Unclosed tag at 12` or `Unclosed section "items" at 40`.
    const message = (error as Error).message;
    const at = / at (\d+)$/.exec(message);
    const what = (at ? message.slice(0, at.index) : message).replace(/^\w/, (c) => c.toLowerCase());
    return at ? `template syntax error: ${what} at ${lineAndColumn(source, Number(at[1]))}` : `template syntax error: ${what}`;
  }
  const partial = findPartial(tokens);
  if (partial) {
    return `template syntax error: partials ({{> ${partial[1]}}}) are not supported, at ${lineAndColumn(source, partial[2])}`;
  }
  return null;
}

/** Throws a validation_error naming every field whose template does not parse. */
export function validateTemplateSyntax(fields: Record<string, string | null | undefined>): void {
  const details: ErrorDetail[] = [];
  for (const [path, source] of Object.entries(fields)) {
    const message = source == null ? null : templateSyntaxError(source);
    if (message) details.push({ path, message });
  }
  if (details.length) throw new ApiError("validation_error", `${details[0].path}: ${details[0].message}`, details);
}

function collectNames(tokens: Token[], into: Set<string>) {
  for (const [type, value, , , children] of tokens) {
    if ((type === "name" || type === "&" || type === "#" || type === "^") && value !== ".") {
      const top = value.split(".")[0];
      if (top) into.add(top);
    }
    if (children) collectNames(children, into);
  }
}

/**
 * Sorted unique top-level variable names used by the given templates (`contact.plan` gives
 * `contact`), including section names and names inside sections. Throws on a template that
 * does not parse: validate first.
 */
export function extractVariables(...sources: string[]): string[] {
  const names = new Set<string>();
  for (const source of sources) collectNames(parse(source), names);
  return [...names].sort();
}
