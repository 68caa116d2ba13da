import { errorMessage, isNotFound } from "@/lib/ui/fetch-api";
import { Alert } from "./alert";
import { Button } from "./button";

/**
 * A query that could not load: what went wrong, and a button that asks again. With `notFound`,
 * a 404 says that instead and offers no retry (asking again cannot bring the record back).
 */
export function LoadError({
  title,
  error,
  onRetry,
  notFound,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  notFound?: { title: string; message: string };
}) {
  const missing = notFound && isNotFound(error);
  return (
    <Alert tone="error" title={missing ? notFound.title : title}>
      <p>{missing ? notFound.message : errorMessage(error)}</p>
      {!missing && (
        <Button variant="secondary" size="sm" onClick={onRetry} className="mt-3">
          Try again
        </Button>
      )}
    </Alert>
  );
}
