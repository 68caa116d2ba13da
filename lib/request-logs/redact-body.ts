// Bodies kept in the request log never hold a credential or an attachment's bytes: values under
// a secret-named key are replaced, an attachment's content is replaced by its length, and an
// API key found inside any string is masked. What is left is capped by its JSON length.

export const MAX_LOGGED_BODY_CHARS = 16 * 1024;
const REDACTED = "[redacted]";
const MAX_DEPTH = 32;

// Compared after lower-casing and dropping "_" and "-": "api_key", "apiKey" and "API-Key" alike.
const SECRET_KEYS = new Set([
  "key",
  "apikey",
  "token",
  "password",
  "currentpassword",
  "newpassword",
  "secret",
  "signingsecret",
  "webhooksecret",
  "authorization",
  "privatekey",
  "dkimprivatekey",
]);
// An API key or a webhook signing secret found inside any other string.
const SECRET_IN_TEXT = /\b(mw|whsec)_[0-9A-Za-z+/=]{16,}/g;

function isSecretKey(name: string): boolean {
  return SECRET_KEYS.has(name.toLowerCase().replace(/[_-]/g, ""));
}

function redactAttachment(value: unknown, depth: number): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return redactValue(value, depth);
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    out[name] =
      name === "content" && typeof inner === "string" ? `[redacted: ${inner.length} characters]` : redactValue(inner, depth + 1, name);
  }
  return out;
}

function redactValue(value: unknown, depth: number, name?: string): unknown {
  if (name !== undefined && isSecretKey(name) && value !== null && value !== undefined) return REDACTED;
  if (typeof value === "string") return value.replace(SECRET_IN_TEXT, `$1_${REDACTED}`);
  if (!value || typeof value !== "object") return value;
  // A Date (or anything else with toJSON) is logged as it is sent.
  if (typeof (value as { toJSON?: unknown }).toJSON === "function")
    return redactValue((value as { toJSON(): unknown }).toJSON(), depth, name);
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) {
    return name === "attachments"
      ? value.map((item) => redactAttachment(item, depth + 1))
      : value.map((item) => redactValue(item, depth + 1));
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = redactValue(inner, depth + 1, key);
  return out;
}

export interface LoggedBody {
  body: unknown;
  truncated: boolean;
}

/** The body as it is stored: redacted, then cut to its first characters past the cap. */
export function redactBody(value: unknown, maxChars = MAX_LOGGED_BODY_CHARS): LoggedBody {
  if (value === undefined || value === null) return { body: null, truncated: false };
  const redacted = redactValue(value, 0);
  const text = JSON.stringify(redacted);
  if (text.length <= maxChars) return { body: redacted, truncated: false };
  return { body: text.slice(0, maxChars), truncated: true };
}
