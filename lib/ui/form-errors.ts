import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiRequestError, errorMessage } from "./fetch-api";

/**
 * Puts the server's validation details on the form's fields ("scopes.0" lands on "scopes").
 * Returns the message for the form as a whole when no detail matched a field, else null.
 */
export function applyApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(error instanceof ApiRequestError)) return errorMessage(error);
  let matched = false;
  for (const detail of error.details) {
    const field = fields.find((f) => detail.path === f || detail.path.startsWith(`${f}.`));
    if (field) {
      setError(field, { type: "server", message: detail.message });
      matched = true;
    }
  }
  return matched ? null : error.message;
}
