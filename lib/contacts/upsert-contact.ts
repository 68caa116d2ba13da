import { ApiError } from "@/lib/api/errors";
import { createContact } from "./create-contact";
import { resolveContactId } from "./resolve-contact-id";
import { updateContact } from "./update-contact";
import type { CreateContactBody } from "./schemas";

/**
 * Creates the contact, or, when one with that email exists, changes it to the fields given
 * (properties merge, as a PATCH does). Each path runs the automations it triggers.
 */
export async function upsertContact(options: { accountId: string; input: CreateContactBody }) {
  const { accountId, input } = options;
  try {
    return { created: true, contact: await createContact({ accountId, input }) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "conflict") throw error;
  }
  const id = await resolveContactId({ accountId, idOrEmail: input.email });
  const { email: _email, ...fields } = input;
  return { created: false, contact: await updateContact({ accountId, id, input: fields }) };
}
