import { expect, type APIRequestContext } from "@playwright/test";
import { afterRateLimit } from "./fixtures";

export interface InboxMessage {
  id: string;
  to: unknown;
  subject: string;
  createdAt: string;
}

// A spec polls the inbox while its pages poll the API too, under the account's one rate limit:
// a 429 is waited out, as the dashboard does.

/** The dev inbox's messages to `address`, oldest first. */
export async function inboxFor(request: APIRequestContext, address: string): Promise<InboxMessage[]> {
  const response = await afterRateLimit(() => request.get("/api/v1/inbox?limit=100"));
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: InboxMessage[] };
  return data.filter((m) => JSON.stringify(m.to).includes(address)).reverse();
}

/** One message with its HTML as the recipient got it (tracking links included). */
export async function inboxHtml(request: APIRequestContext, id: string): Promise<string> {
  const response = await afterRateLimit(() => request.get(`/api/v1/inbox/${id}`));
  expect(response.status()).toBe(200);
  return ((await response.json()) as { html: string }).html;
}
