// A `resend` SDK client pointed at RESEND_BASE_URL=<origin>/api/v1/resend reaches the SDK's
// own shapes where they differ from the spec's (automations: a graph, not linear steps) and
// every other path forwarded to the route of the same name under /api/v1 (next.config.ts
// rewrites it before the routes are matched; tests/helpers/api-server.ts does the same).

export const RESEND_BASE_PATH = "/api/v1/resend";

/** The top-level paths served under the base path itself. */
export const RESEND_OWN_PATHS = ["automations"] as const;

/** The rewrite's source: every path under the base path but the ones it serves itself. */
export const RESEND_REWRITE_SOURCE = `${RESEND_BASE_PATH}/:path((?!(?:${RESEND_OWN_PATHS.join("|")})(?:/|$)).*)`;

/** Where a request path goes: forwarded under /api/v1, or itself. */
export function resendForwardedPath(pathname: string): string {
  if (!pathname.startsWith(`${RESEND_BASE_PATH}/`)) return pathname;
  const rest = pathname.slice(RESEND_BASE_PATH.length + 1);
  const own = RESEND_OWN_PATHS.some((p) => rest === p || rest.startsWith(`${p}/`));
  return own ? pathname : `/api/v1/${rest}`;
}
