// PostgreSQL's jsonb refuses a string holding an unpaired UTF-16 surrogate ("\ud800"), and a
// text column stores one as U+FFFD. Only a JSON \u escape can carry one (decoded UTF-8 never
// does), so apiHandler passes a body whose text has a surrogate escape through here: every
// string and object key not well formed becomes its well-formed self (U+FFFD in place of each
// unpaired surrogate), what a text column would store, and no route fails in the database.

/** Makes every string and key in a parsed JSON value well formed, in place; returns the value. */
export function makeStringsWellFormed(value: unknown): unknown {
  if (typeof value === "string") return value.isWellFormed() ? value : value.toWellFormed();
  // Iterative: a 1 MiB body can nest far deeper than the call stack.
  const stack: unknown[] = [value];
  while (stack.length) {
    const container = stack.pop();
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const child: unknown = container[i];
        if (typeof child === "string") {
          if (!child.isWellFormed()) container[i] = child.toWellFormed();
        } else if (child && typeof child === "object") stack.push(child);
      }
    } else if (container && typeof container === "object") {
      const record = container as Record<string, unknown>;
      if (Object.keys(record).some((key) => !key.isWellFormed())) rekey(record);
      for (const key of Object.keys(record)) {
        const child = record[key];
        if (typeof child === "string") {
          if (!child.isWellFormed()) record[key] = child.toWellFormed();
        } else if (child && typeof child === "object") stack.push(child);
      }
    }
  }
  return value;
}

/** Replaces the object's keys by their well-formed selves, keeping their order. */
function rekey(record: Record<string, unknown>) {
  const entries = Object.entries(record);
  for (const [key] of entries) delete record[key];
  // defineProperty: a "__proto__" key from JSON.parse is an own property, and must stay one.
  for (const [key, child] of entries) {
    Object.defineProperty(record, key.toWellFormed(), { value: child, enumerable: true, writable: true, configurable: true });
  }
}
