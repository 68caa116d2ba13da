import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/handler";

// A path under /api/v1 that no route file serves: the documented JSON 404 rather than Next's
// HTML page (which clients written for Resend read as "Internal server error"). Any route file
// is more specific than this one, so it only ever sees paths nothing else takes.
const notFound = (req: Request) => errorResponse(new ApiError("not_found", `no API route at ${new URL(req.url).pathname}`));

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
