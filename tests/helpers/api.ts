import { createAccount } from "@/lib/accounts/create-account";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { randomBase62 } from "@/lib/db/ids";
import type { ApiKeyScopeName } from "@/lib/api-keys/schemas";
import { checkDocumentedResponse } from "./openapi-check";

/** A fresh account with a full_access key; every test makes its own so files run in parallel. */
export async function makeAccount(options: { scopes?: ApiKeyScopeName[] } = {}) {
  const email = `t-${randomBase62(10).toLowerCase()}@example.test`;
  const { account, user } = await createAccount({ name: "Test", email, password: "correct horse battery" });
  const key = await createApiKey({ accountId: account.id, input: { name: "test", scopes: options.scopes } });
  return { accountId: account.id, userId: user.id, email, key: key.key, keyId: key.id };
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * Calls a route handler in-process with a real Request, as Next would. A route under
 * app/api/v1 must answer with a status and body its OpenAPI document describes (openapi-check.ts).
 */
export async function call(
  handler: Handler,
  options: {
    method?: string;
    path?: string;
    key?: string;
    body?: unknown;
    /** Sent as is: a string, or FormData (multipart, its boundary in the Content-Type). */
    rawBody?: string | FormData;
    headers?: Record<string, string>;
    params?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | FormData | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const req = new Request(`http://localhost${options.path ?? "/"}`, { method: options.method ?? "GET", headers, body });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  await checkDocumentedResponse(handler, res.status, json);
  return { status: res.status, headers: res.headers, json };
}
