import { getDb } from "@/lib/db/client";
import { selectPropertyKeys } from "./list-property-keys-sql";

/** How many of the newest contacts the keys are read from, and how many keys are returned. */
export const PROPERTY_KEYS_SCAN = 5000;
export const PROPERTY_KEYS_MAX = 100;

/**
 * GET /contacts/properties: the property keys the account's contacts use (the newest
 * PROPERTY_KEYS_SCAN of them), the most used first, at most PROPERTY_KEYS_MAX. The builder's
 * Insert variable lists them.
 */
export async function listPropertyKeys(options: { accountId: string }) {
  const data = await selectPropertyKeys(getDb(), { accountId: options.accountId, scan: PROPERTY_KEYS_SCAN, limit: PROPERTY_KEYS_MAX });
  return { data };
}
