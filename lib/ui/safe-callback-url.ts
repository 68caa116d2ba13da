/**
 * Where to go after signing in: a path on this site from ?callbackUrl=, else the dashboard.
 * Absolute URLs are reduced to their path so a crafted link cannot send the user elsewhere.
 */
export function safeCallbackUrl(value: string | string[] | undefined): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return "/dashboard";
  let path = raw;
  try {
    const url = new URL(raw, "http://internal.invalid");
    path = `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/dashboard";
  }
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/login") || path.startsWith("/signup")) {
    return "/dashboard";
  }
  return path;
}
