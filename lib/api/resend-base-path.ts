// A `resend` SDK client pointed at RESEND_BASE_URL=<origin>/api/v1/resend reaches the SDK's
// own shapes where they differ from the spec's or share its paths (automations: a graph, not
// linear steps; events: declared names, where POST /events records one; templates: drafts,
// typed variables and aliases, where /templates takes htmlBody; broadcasts: segment_id and
// snake_case, recipients and clicked links, where /broadcasts takes listId) and every other path
// forwarded to the route of the same name under /api/v1 (next.config.ts rewrites it before the
// routes are matched; tests/helpers/api-server.ts does the same).

export const RESEND_BASE_PATH = "/api/v1/resend";

/**
 * The paths under the base path served there, as one pattern over the rest of the path:
 * automations and everything below it; events and events/<identifier>, but not events/send
 * (the SDK's events.send is POST /api/v1/events/send); templates and broadcasts and everything below them.
 */
const OWN_PATHS = "automations(?:/|$)|events(?:/(?!send$)[^/]+)?$|templates(?:/|$)|broadcasts(?:/|$)";
const own = new RegExp(`^(?:${OWN_PATHS})`);

/** The rewrite's source: every path under the base path but the ones it serves itself. */
export const RESEND_REWRITE_SOURCE = `${RESEND_BASE_PATH}/:path((?!(?:${OWN_PATHS})).*)`;

/** Where a request path goes: forwarded under /api/v1, or itself. */
export function resendForwardedPath(pathname: string): string {
  if (!pathname.startsWith(`${RESEND_BASE_PATH}/`)) return pathname;
  const rest = pathname.slice(RESEND_BASE_PATH.length + 1);
  return own.test(rest) ? pathname : `/api/v1/${rest}`;
}
