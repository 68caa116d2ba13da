import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { errorBody, ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/handler";
import { boundRequestBody } from "@/lib/api/bound-request-body";
import { inngestEnabled } from "@/lib/config/env";
import { getInngestClient, getInngestFunctions } from "@/lib/jobs/inngest-functions";

type Handlers = ReturnType<typeof serve>;
let handlers: Handlers | undefined;

function inngestHandlers(): Handlers {
  handlers ??= serve({ client: getInngestClient(), functions: getInngestFunctions() });
  return handlers;
}

// Without INNGEST_EVENT_KEY or INNGEST_DEV the embedded poller runs jobs and this route does not exist.
function notFound(): Response {
  return Response.json(errorBody(new ApiError("not_found", "not found")), { status: 404 });
}

// Inngest sends a run's whole state, which it caps at 32 MB; anything larger is not Inngest.
const MAX_INNGEST_BODY_BYTES = 32 * 1024 * 1024;

async function bounded(req: Request, serve: (req: NextRequest, ctx: unknown) => Promise<Response>, ctx: unknown) {
  let request: NextRequest;
  try {
    request = await boundRequestBody(req, MAX_INNGEST_BODY_BYTES);
  } catch (error) {
    return errorResponse(error);
  }
  return serve(request, ctx);
}

// GET /api/inngest – Inngest's introspection of the served functions
export const GET = async (req: Request, ctx: unknown) => (inngestEnabled() ? inngestHandlers().GET(req as NextRequest, ctx) : notFound());

// POST /api/inngest – Inngest calls a function step
export const POST = async (req: Request, ctx: unknown) => (inngestEnabled() ? bounded(req, inngestHandlers().POST, ctx) : notFound());

// PUT /api/inngest – registers the functions with Inngest
export const PUT = async (req: Request, ctx: unknown) => (inngestEnabled() ? bounded(req, inngestHandlers().PUT, ctx) : notFound());
