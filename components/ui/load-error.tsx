import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "./alert";
import { Button } from "./button";

/** A query that could not load: what went wrong, and a button that asks again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <p>{errorMessage(error)}</p>
      <Button variant="secondary" size="sm" onClick={onRetry} className="mt-3">
        Try again
      </Button>
    </Alert>
  );
}
