import { ApiError, type ErrorDetail } from "./errors";

// PostgreSQL cannot store U+0000 in text or jsonb (the insert fails), so a string carrying one
// is refused at the edge, for every route at once: the JSON body, the query string and the
// route parameters all pass through here in apiHandler.

const NUL = "\u0000";
const MAX_DETAILS = 20;

const shown = (key: string) => key.replaceAll(NUL, "\\u0000");

interface PathNode {
  key: string;
  parent: PathNode | null;
}

function pathOf(node: PathNode | null): string {
  const keys: string[] = [];
  for (let n = node; n; n = n.parent) keys.push(shown(n.key));
  return keys.reverse().join(".");
}

/** Paths ("to.0", "properties.plan") of every string or object key holding U+0000. */
export function nulPaths(value: unknown, limit = MAX_DETAILS): string[] {
  const found: string[] = [];
  // Iterative walk with shared path links: a 1 MiB body can nest far deeper than the call stack.
  const stack: { value: unknown; at: PathNode | null }[] = [{ value, at: null }];
  while (stack.length && found.length < limit) {
    const { value: v, at } = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes(NUL)) found.push(pathOf(at));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], at: { key: String(i), parent: at } });
    } else if (v && typeof v === "object") {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        const node = { key, parent: at };
        if (key.includes(NUL)) found.push(pathOf(node));
        else stack.push({ value: child, at: node });
      }
    }
  }
  return found;
}

/** 400 validation_error naming each path whose string holds U+0000. */
export function rejectNulStrings(value: unknown): void {
  const paths = nulPaths(value);
  if (!paths.length) return;
  const details: ErrorDetail[] = paths.map((path) => ({ path, message: "must not contain the NUL character (U+0000)" }));
  const first = details[0];
  throw new ApiError("validation_error", first.path ? `${first.path}: ${first.message}` : first.message, details);
}
