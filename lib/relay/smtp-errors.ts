import { ApiError } from "@/lib/api/errors";
import { IdempotencyKeyReusedError } from "@/lib/api/idempotency";
import { logger } from "@/lib/log/logger";

/** An error smtp-server answers with `code text`. */
export function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

/**
 * The pipeline's ApiErrors as SMTP replies: permanent (5xx) when resending the same message
 * cannot work, temporary (4xx) when it may later (credits granted, rate window passed).
 */
export function smtpErrorFrom(error: unknown): Error {
  if (error instanceof ApiError) {
    switch (error.code) {
      case "domain_not_verified":
      case "sandbox_recipient":
        return smtpError(550, `5.7.1 ${error.message}`);
      case "insufficient_credits":
        return smtpError(452, `4.3.1 ${error.message}; add credits and retry`);
      case "rate_limited":
        return smtpError(451, `4.7.1 rate limit exceeded for this API key; slow down and retry later`);
      case "validation_error":
        return smtpError(550, `5.6.0 ${error.message}`);
      case "conflict":
        // An Idempotency-Key reused for another message never goes through; any other conflict
        // (the same key still in progress) may on a later try.
        return error instanceof IdempotencyKeyReusedError
          ? smtpError(554, `5.7.0 ${error.message}`)
          : smtpError(451, `4.7.0 ${error.message}`);
      default:
        break;
    }
  }
  logger().error({ err: error }, "smtp relay: unexpected error");
  return smtpError(451, "4.3.0 temporary server error; try again later");
}
