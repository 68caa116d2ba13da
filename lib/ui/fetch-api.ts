// The dashboard's one way to call /api/v1: same-origin, session cookie, JSON in and out, and the
// documented error body turned into an ApiRequestError the UI can show.

export interface ApiErrorDetail {
  path: string;
  message: string;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorDetail[] = [],
    /** A 429's Retry-After, in seconds, when the server sent one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/** The record asked for does not exist (or is not this account's): asking again cannot bring it back. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 404;

/**
 * The record a page shows from its query, or null when the page shows its load error instead:
 * nothing was ever loaded, or the record is gone (404). A read again that fails while the record
 * is on screen keeps it there, so an open editor keeps what is typed in it.
 */
export function shownRecord<T>(query: { data: T | undefined; error: unknown }): T | null {
  return query.data === undefined || isNotFound(query.error) ? null : query.data;
}

interface FetchApiOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

/** How many times a request refused with 429 is sent again, after the server's Retry-After. */
const RATE_LIMIT_RETRIES = 3;

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/**
 * One /api/v1 call. A 429 (the account's rate limit, which the dashboard shares with its API keys)
 * is refused before anything runs, so it is sent again after the server's Retry-After (1-10 s),
 * up to RATE_LIMIT_RETRIES times: quick clicks in the builder must not fail an undo.
 */
export async function fetchApi<T>(path: string, options: FetchApiOptions = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetchApiOnce<T>(path, options);
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 429) || attempt >= RATE_LIMIT_RETRIES) throw error;
      await wait(Math.min(10, Math.max(1, error.retryAfterSeconds ?? 1)) * 1000, options.signal);
    }
  }
}

async function fetchApiOnce<T>(path: string, options: FetchApiOptions): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      credentials: "same-origin",
      headers: options.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiRequestError(0, "network_error", "Could not reach Mailwright. Check your connection and try again.");
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page, for example; handled below by the status.
  }
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string; details?: ApiErrorDetail[] } } | null)?.error;
    const retryAfter = Number(response.headers.get("retry-after"));
    throw new ApiRequestError(
      response.status,
      error?.code ?? "internal_error",
      error?.message ?? `Request failed with status ${response.status}`,
      error?.details ?? [],
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
    );
  }
  return data as T;
}

/** A message fit to show a user, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}
