import { ApiError, zodDetails, type ErrorDetail } from "@/lib/api/errors";
import { parseInput } from "@/lib/api/parse-input";
import { sendEmailBodySchema, type SendEmailBody } from "./schemas";

/** Validates every item; any failure rejects the whole batch, naming the failing indexes. */
export function parseBatch(items: unknown[]): SendEmailBody[] {
  const details: ErrorDetail[] = [];
  const failed: number[] = [];
  const parsed = items.map((item, i) => {
    const result = parseInput(sendEmailBodySchema, item);
    if (result.success) return result.data;
    failed.push(i);
    details.push(...zodDetails(result.error, [i]));
    return null;
  });
  if (failed.length) {
    throw new ApiError(
      "validation_error",
      `invalid email${failed.length > 1 ? "s" : ""} at index ${failed.join(", ")}; nothing was sent`,
      details,
    );
  }
  return parsed as SendEmailBody[];
}
