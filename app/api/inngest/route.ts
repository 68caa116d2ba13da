import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { errorBody, ApiError } from "@/lib/api/errors";
import { inngestEnabled } from "@/lib/config/env";
import { getInngest, getInngestFunctions } from "@/lib/jobs/inngest";

type Handlers = ReturnType<typeof serve>;
let handlers: Handlers | undefined;

function inngestHandlers(): Handlers {
  handlers ??= serve({ client: getInngest(), functions: getInngestFunctions() });
  return handlers;
}

// Without INNGEST_EVENT_KEY or INNGEST_DEV the embedded poller runs jobs and this route does not exist.
function notFound(): Response {
  return Response.json(errorBody(new ApiError("not_found", "not found")), { status: 404 });
}

// GET /api/inngest – Inngest's introspection of the served functions
export const GET = async (req: Request, ctx: unknown) =>
  inngestEnabled() ? inngestHandlers().GET(req as NextRequest, ctx) : notFound();

// POST /api/inngest – Inngest calls a function step
export const POST = async (req: Request, ctx: unknown) =>
  inngestEnabled() ? inngestHandlers().POST(req as NextRequest, ctx) : notFound();

// PUT /api/inngest – registers the functions with Inngest
export const PUT = async (req: Request, ctx: unknown) =>
  inngestEnabled() ? inngestHandlers().PUT(req as NextRequest, ctx) : notFound();
