import { ApiError } from "./errors";
import { errorResponse } from "./handler";

// Next answers a method a route file does not export with an empty 405, which clients written
// for Resend read as "Internal server error". Every route file under app/api/v1 therefore also
// exports the methods it does not serve, from refuseOtherMethods: the documented JSON error
// (method_not_allowed) with an Allow header. tests/integration/unrouted-requests.test.ts fails
// for a route file that leaves one out.

export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

type Handler = (req: Request) => Response;
/** Marks a handler that only refuses, so the route tables of the tests leave it out. */
export type RefusingHandler = Handler & { refuses: true };

/** The Allow header of a route serving `methods` (HEAD comes with GET; Next answers OPTIONS). */
export function allowHeader(methods: readonly string[]): string {
  return [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
}

/**
 * Handlers for every method but the ones `served` has: each a 405 naming the methods the path
 * takes, and OPTIONS a 204 with the same Allow header. A route file exports the ones it lacks:
 * `export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });`
 */
export function refuseOtherMethods(served: Partial<Record<RouteMethod, unknown>>): Record<RouteMethod | "OPTIONS", Handler> {
  const methods = ROUTE_METHODS.filter((method) => served[method]);
  const allow = allowHeader(methods);
  const refuse: RefusingHandler = Object.assign(
    (req: Request) =>
      errorResponse(
        new ApiError(
          "method_not_allowed",
          `${req.method} is not allowed on ${new URL(req.url).pathname}; it takes ${methods.join(", ")}`,
          undefined,
          { Allow: allow },
        ),
      ),
    { refuses: true as const },
  );
  const options: RefusingHandler = Object.assign(() => new Response(null, { status: 204, headers: { Allow: allow } }), {
    refuses: true as const,
  });
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}
