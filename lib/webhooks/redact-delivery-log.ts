// What the delivery log keeps of an attempt's request and response, with secrets taken out
// before anything is stored. Redacted: the value of any header that carries credentials
// (Authorization and Proxy-Authorization, which Node sends for a URL with user:password,
// Cookie and Set-Cookie, and any name with secret, token, password, session or api-key in
// it), the password of the URL's user:password, and the webhook's signing secret wherever it
// appears (a receiver that echoes it back). The signature headers stay: an HMAC of one body,
// they reveal nothing of the secret and are what a receiver's check is compared against.

export const REDACTED = "[redacted]";

const CREDENTIAL_HEADER = /^(proxy-)?authorization$|^(set-)?cookie$|secret|token|passw(or)?d|session|api[-_]?key/i;

function withoutSecret(text: string, secret: string): string {
  return secret ? text.split(secret).join(REDACTED) : text;
}

/** Header values with credentials replaced by "[redacted]" (names kept, lower-cased). */
export function redactHeaders(headers: Record<string, string>, secret: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name.toLowerCase()] = CREDENTIAL_HEADER.test(name) ? REDACTED : withoutSecret(value, secret);
  }
  return out;
}

/** The URL with the password of its user:password part replaced by "[redacted]". */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    return `${parsed.protocol}//${parsed.username}:${REDACTED}@${parsed.host}${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

/** A response body with the signing secret taken out, should the receiver echo it. */
export function redactBody(body: string, secret: string): string {
  return withoutSecret(body, secret);
}
