import { LRUCache } from "lru-cache";
import Mustache from "mustache";
import { ApiError, type ErrorDetail } from "@/lib/api/errors";
import type { LayoutContent } from "@/lib/layouts/layout-content";
import { wrapInLayout } from "@/lib/layouts/wrap-in-layout";

// The one renderer of every email: the template editor's live preview, the preview API,
// automation step and broadcast previews, test sends and real sends all call renderTemplate
// with the same variables, so a preview is what a send gives.
//
// Mustache semantics: {{x}} HTML-escaped, {{{x}}} and {{& x}} raw, unknown names
// empty. A dotted name reads a key of exactly that name first ({"user.first_name": "Ada"}),
// then walks nested objects ({"user": {"first_name": "Ada"}}): flat and nested variables render
// the same. A value that is a whole http(s) or mailto URL is escaped only where it must be
// (& to &amp;), so {{unsubscribe_url}} and {{{unsubscribe_url}}} give the same working link.
// Subjects are plain text headers: never escaped, and no control character (CR/LF above all)
// survives, so a variable cannot inject a header.
//
// Pure (no server-only imports): the dashboard bundles it for its previews.

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
      // A cursor walking up from this context to the root, not an alias kept for a closure.
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      for (let ctx: Mustache.Context | undefined = this; ctx; ctx = ctx.parent) {
        const hit = lookupName(ctx.view, name, path);
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

/**
 * The lookup rule, in one context: a key named exactly `name` (dots and all), else the nested
 * path. Own properties only.
 */
export function lookupName(view: unknown, name: string, path = name.split(".")): { found: boolean; value?: unknown } {
  if (path.length > 1 && view !== null && typeof view === "object" && Object.hasOwn(view, name)) {
    return { found: true, value: (view as Record<string, unknown>)[name] };
  }
  return resolvePath(view, path);
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
// string, kept forever in a long-running server). Used only to parse: rendering is ours.
const writer = new Mustache.Writer();
(writer as unknown as { templateCache?: unknown }).templateCache = undefined;

// Rendering limits: sections over lists multiply, so ten nested sections over ten
// items each is 10^10 passes. Sections nest at most MAX_SECTION_DEPTH deep, every section pass
// and every emitted tag or text counts against MAX_RENDER_STEPS, and the output stops at
// MAX_RENDER_OUTPUT characters; one budget covers a whole renderTemplate call.
export const MAX_SECTION_DEPTH = 4;
export const MAX_RENDER_STEPS = 200_000;
export const MAX_RENDER_OUTPUT = 2 * 1024 * 1024;

/** A template that would take more than the rendering budget: 400 template_too_complex. */
export class TemplateTooComplexError extends ApiError {
  constructor(message: string) {
    super("template_too_complex", `template too complex: ${message}`);
    this.name = "TemplateTooComplexError";
  }
}

interface Budget {
  steps: number;
  output: number;
}

// As mustache's `buffer += value`, without calling anything the data brings along (a JSON
// object may carry its own "toString" key).
function toText(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => (item == null ? "" : toText(item))).join(",");
  if (typeof value === "object" && value !== null) return "[object Object]";
  return String(value);
}

// A whole absolute URL with none of the characters that could end an attribute value or a tag:
// inside href="..." (quoted or not) it can only be a URL, so only & needs escaping, and the
// link reads as written instead of https:&#x2F;&#x2F;...
const PLAIN_URL = /^(?:https?:\/\/|mailto:)[^\s"'<>`\\]*$/i;

/** {{x}} in HTML: mustache's escaping, except that a plain URL only has & escaped. */
export function escapeHtml(value: string): string {
  return PLAIN_URL.test(value) ? value.replace(/&/g, "&amp;") : Mustache.escape(value);
}

function emit(budget: Budget, piece: string): string {
  budget.output += piece.length;
  if (budget.output > MAX_RENDER_OUTPUT) {
    throw new TemplateTooComplexError(`the rendered email would be larger than ${MAX_RENDER_OUTPUT / 1024 / 1024} MiB`);
  }
  return piece;
}

function step(budget: Budget) {
  if (++budget.steps > MAX_RENDER_STEPS) {
    throw new TemplateTooComplexError(`rendering takes more than ${MAX_RENDER_STEPS} steps (sections over long lists, nested)`);
  }
}

/**
 * Mustache's rendering, over mustache's parse tree, with the budget: values come only from the
 * data (DataOnlyContext: no lambdas), partials and set-delimiter tags render nothing.
 */
function renderTokens(
  tokens: Token[],
  context: Mustache.Context,
  escape: ((text: string) => string) | null,
  budget: Budget,
  depth: number,
): string {
  let out = "";
  for (const token of tokens) {
    const [type, name, , , children] = token;
    if (type === "text") {
      step(budget);
      out += emit(budget, name);
    } else if (type === "name" || type === "&") {
      step(budget);
      const value = context.lookup(name);
      if (value == null) continue;
      const text = toText(value);
      out += emit(budget, type === "&" || !escape || typeof value === "number" ? text : escape(text));
    } else if (type === "#" || type === "^") {
      if (depth >= MAX_SECTION_DEPTH) {
        throw new TemplateTooComplexError(`sections nest more than ${MAX_SECTION_DEPTH} deep`);
      }
      const value = context.lookup(name);
      const inner = children ?? [];
      if (type === "^") {
        if (!value || (Array.isArray(value) && value.length === 0)) {
          step(budget);
          out += renderTokens(inner, context, escape, budget, depth + 1);
        }
      } else if (!value) {
        continue;
      } else if (Array.isArray(value)) {
        for (const item of value) {
          step(budget);
          out += renderTokens(inner, context.push(item), escape, budget, depth + 1);
        }
      } else {
        step(budget);
        const pushed = typeof value === "object" || typeof value === "string" || typeof value === "number";
        out += renderTokens(inner, pushed ? context.push(value) : context, escape, budget, depth + 1);
      }
    }
  }
  return out;
}

function render(source: string, variables: TemplateVariables, escape: boolean, budget: Budget): string {
  return renderTokens(parse(source), new DataOnlyContext(variables), escape ? escapeHtml : null, budget, 0);
}

// C0 and C1 controls plus Unicode line/paragraph separators: anything a mail header or a client
// might treat as a line break.
const CONTROL_RUN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Makes a rendered subject safe for the Subject header: one line, trimmed. */
export function sanitizeSubject(subject: string): string {
  return subject.replace(CONTROL_RUN, " ").trim();
}

export interface RenderOptions {
  /**
   * The layout a marketing email's HTML is wrapped in (lib/layouts/wrap-in-layout.ts), its
   * footer's unsubscribe link the variables' unsubscribe_url; an empty HTML stays empty.
   */
  layout?: LayoutContent | null;
}

/** Renders a template's subject (plain text, one line), HTML (escaped) and text (unescaped). */
export function renderTemplate(template: TemplateSource, variables: TemplateVariables = {}, options: RenderOptions = {}): RenderedTemplate {
  const budget: Budget = { steps: 0, output: 0 };
  const html = render(template.html, variables, true, budget);
  const unsubscribeUrl = typeof variables.unsubscribe_url === "string" ? variables.unsubscribe_url : null;
  return {
    subject: sanitizeSubject(render(template.subject, variables, false, budget)),
    html: options.layout && html.trim() ? wrapInLayout(html, options.layout, { unsubscribeUrl }) : html,
    text: template.text == null ? null : render(template.text, variables, false, budget),
  };
}

// Parsed templates, bounded (mustache's own cache is not: see the writer above). An accept
// parses each template twice (the syntax check of the body, the render check) and every send
// of the same content parses it again; a hit skips mustache's tokenizer. Token trees are only
// read, never changed. Sources over MAX_CACHED_SOURCE are parsed every time.
const MAX_CACHED_SOURCE = 64 * 1024;
const parsed = new LRUCache<string, Token[]>({ max: 1000, maxSize: 8 * 1024 * 1024, sizeCalculation: (_, source) => source.length || 1 });

function parse(source: string): Token[] {
  const hit = parsed.get(source);
  if (hit) return hit;
  const tokens = writer.parse(source) as Token[];
  if (source.length <= MAX_CACHED_SOURCE) parsed.set(source, tokens);
  return tokens;
}

function lineAndColumn(source: string, index: number): string {
  const before = source.slice(0, index);
  const line = before.split("\n").length;
  const column = index - before.lastIndexOf("\n");
  return `line ${line}, column ${column}`;
}

/** The first section opened deeper than MAX_SECTION_DEPTH (walked without recursion). */
function findTooDeep(tokens: Token[]): Token | undefined {
  const stack: { tokens: Token[]; depth: number }[] = [{ tokens, depth: 0 }];
  while (stack.length) {
    const { tokens: level, depth } = stack.pop()!;
    for (const token of level) {
      if (token[0] !== "#" && token[0] !== "^") continue;
      if (depth >= MAX_SECTION_DEPTH) return token;
      if (token[4]) stack.push({ tokens: token[4], depth: depth + 1 });
    }
  }
  return undefined;
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
  const deep = findTooDeep(tokens);
  if (deep) return null; // parses; templateComplexityError names the nesting
  const partial = findPartial(tokens);
  if (partial) {
    return `template syntax error: partials ({{> ${partial[1]}}}) are not supported, at ${lineAndColumn(source, partial[2])}`;
  }
  return null;
}

/** Sections nested deeper than rendering allows, as a sentence, or null (also for bad syntax). */
export function templateComplexityError(source: string): string | null {
  let tokens: Token[];
  try {
    tokens = parse(source);
  } catch {
    return null;
  }
  const deep = findTooDeep(tokens);
  return deep
    ? `template too complex: sections nest more than ${MAX_SECTION_DEPTH} deep ({{${deep[0]}${deep[1]}}} at ${lineAndColumn(source, deep[2])})`
    : null;
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

// `whole`: a dotted name is added as written too (a lookup reads a key of exactly that name first).
function collectNames(tokens: Token[], into: Set<string>, whole = false) {
  for (const [type, value, , , children] of tokens) {
    if ((type === "name" || type === "&" || type === "#" || type === "^") && value !== ".") {
      const top = value.split(".")[0];
      if (top) into.add(top);
      if (whole) into.add(value);
    }
    if (children) collectNames(children, into, whole);
  }
}

/**
 * The keys of the variables a template can read: every tag's top-level name and, for a dotted
 * one, the name as written, the tags inside sections included (they may read outer names).
 * Rendering with only these keys of the variables gives what rendering with all of them gives.
 * Null when the source does not parse: keep every variable.
 */
export function variableRoots(source: string): Set<string> | null {
  const roots = new Set<string>();
  try {
    collectNames(parse(source), roots, true);
  } catch {
    return null;
  }
  return roots;
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

function collectUnfilled(tokens: Token[], variables: TemplateVariables, into: Set<string>) {
  for (const [type, value] of tokens) {
    // Names inside sections read the section's item first: only top-level tags are known here.
    if ((type === "name" || type === "&") && value !== ".") {
      const hit = lookupName(variables, value);
      if (!hit.found || hit.value == null || hit.value === "" || typeof hit.value === "function") into.add(value);
    }
  }
}

/**
 * The variables (as written, `user.first_name`) that these templates print outside any section
 * and that the given variables leave empty: what a send with them would show as nothing. Empty
 * for a template that does not parse.
 */
export function unfilledVariables(sources: string[], variables: TemplateVariables): string[] {
  const names = new Set<string>();
  for (const source of sources) {
    let tokens: Token[];
    try {
      tokens = parse(source);
    } catch {
      return [];
    }
    collectUnfilled(tokens, variables, names);
  }
  return [...names].sort();
}
