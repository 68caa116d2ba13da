import { z } from "zod";
import { isDatabaseUnavailable } from "@/lib/db/database-unavailable";

// One error type and one table from code to HTTP status.
export const errorStatus = {
  validation_error: 400,
  template_too_complex: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  insufficient_credits: 403,
  domain_not_verified: 403,
  sandbox_recipient: 403,
  email_not_confirmed: 403,
  webhook_limit_reached: 403,
  limit_reached: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * What the UI can offer to fix a problem: a button labelled `label` that does `action`
 * (create_list: POST /lists with listName; choose_sender: set `from` as the automation's sender
 * when given, else focus the sender field; verify_domain
 * and open_automation: go to href; add_step and edit_step: open the builder's step).
 */
export interface ErrorFix {
  action: "choose_sender" | "verify_domain" | "create_list" | "add_step" | "edit_step" | "open_automation" | "open_settings";
  label: string;
  listName?: string;
  stepId?: string;
  /** choose_sender: the sender to set (local mode offers the sandbox sender). */
  from?: string;
  href?: string;
}

/** One machine-readable problem, in plain language, with a way to fix it (activation blockers and warnings). */
export interface ErrorBlocker extends ErrorDetail {
  code: string;
  fix?: ErrorFix;
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
    /** Activation refusals: each blocker with a code and a fix, beside the plain details. */
    readonly blockers?: ErrorBlocker[],
  ) {
    super(message);
    this.name = "ApiError";
    this.status = errorStatus[code];
  }
}

export function notFound(what: string): ApiError {
  return new ApiError("not_found", `${what} not found`);
}

export function zodDetails(error: z.ZodError, prefix: (string | number)[] = []): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: [...prefix, ...issue.path].map(String).join("."),
    message: issue.message,
  }));
}

export function validationError(error: z.ZodError, prefix: (string | number)[] = []): ApiError {
  const details = zodDetails(error, prefix);
  const first = details[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "invalid request";
  // A refinement may name a more specific 400 in its issue's params (template_too_complex).
  const named = (error.issues[0] as { params?: { code?: string } } | undefined)?.params?.code;
  return new ApiError(named === "template_too_complex" ? named : "validation_error", message, details);
}

/** Maps anything thrown to an ApiError; unknown errors become an opaque 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof z.ZodError) return validationError(error);
  const code = (error as { code?: string } | null)?.code;
  // Prisma: P2025 record not found, P2002 unique constraint.
  if (code === "P2025") return new ApiError("not_found", "record not found");
  if (code === "P2002") return new ApiError("conflict", "a record with these values already exists");
  // The database is restarting or unreachable: a retryable 503, not an opaque 500.
  if (isDatabaseUnavailable(error)) {
    return new ApiError("service_unavailable", "the database is unavailable; retry shortly", undefined, { "Retry-After": "1" });
  }
  return new ApiError("internal_error", "internal server error");
}

/**
 * The documented body, plus Resend's top-level `name`, `message` and `statusCode` so clients
 * written for Resend (its SDK returns this JSON as `error`) read our errors unchanged.
 */
export function errorBody(error: ApiError) {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      ...(error.blockers ? { blockers: error.blockers } : {}),
    },
    name: error.code,
    message: error.message,
    statusCode: error.status,
  };
}
