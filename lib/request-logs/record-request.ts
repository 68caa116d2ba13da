import { enqueueRequestLog } from "./request-log-buffer";

const API_PREFIX = "/api/v1";
const MAX_USER_AGENT = 512;

export interface RequestOutcome {
  req: Request;
  requestId: string;
  accountId: string;
  apiKeyId: string | null;
  createdAt: Date;
  durationMs: number;
  query: Record<string, string>;
  /** The parsed JSON body as sent (before validation), undefined without one. */
  requestBody: unknown;
  response: Response;
  /** The response's value when the wrapper built the JSON itself; otherwise read from a clone. */
  responseData?: unknown;
}

/**
 * Logs one API request made with a key (the dashboard's own calls are not API traffic). Only
 * appends to the in-process buffer: nothing here waits on the database.
 */
export function recordRequest(outcome: RequestOutcome): void {
  const { req, response } = outcome;
  const pathname = new URL(req.url).pathname;
  const path = pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) || "/" : pathname;
  const isJson = /json/i.test(response.headers.get("content-type") ?? "");
  const readLater = outcome.responseData === undefined && isJson && response.body !== null;
  enqueueRequestLog({
    accountId: outcome.accountId,
    apiKeyId: outcome.apiKeyId,
    requestId: outcome.requestId,
    method: req.method,
    path,
    query: Object.keys(outcome.query).length ? outcome.query : null,
    status: response.status,
    durationMs: Math.round(outcome.durationMs),
    userAgent: req.headers.get("user-agent")?.slice(0, MAX_USER_AGENT) ?? null,
    createdAt: outcome.createdAt,
    requestBody: outcome.requestBody,
    responseBody: outcome.responseData ?? null,
    responseClone: readLater ? response.clone() : undefined,
  });
}
