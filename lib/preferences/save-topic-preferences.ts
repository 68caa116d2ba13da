import { getDb } from "@/lib/db/client";
import { setContactTopics } from "@/lib/topics/set-contact-topics";
import type { Preferences } from "./load-preferences";

/**
 * The preference form's switches: each topic the page showed (`shown`) becomes opt_in when its
 * switch was on (`chosen`) and opt_out when it was off. A checkbox left off is not sent at all,
 * so only the topics the page listed change; ids that are not the account's topics are ignored.
 */
export async function saveTopicPreferences(prefs: Preferences, form: { shown: string[]; chosen: string[] }) {
  const known = new Set(prefs.topics.map((t) => t.id));
  const on = new Set(form.chosen);
  const choices = [...new Set(form.shown)]
    .filter((id) => known.has(id))
    .map((id) => ({ id, subscription: on.has(id) ? ("opt_in" as const) : ("opt_out" as const) }));
  if (!choices.length) return;
  await getDb().$transaction((tx) => setContactTopics(tx, { accountId: prefs.contact.accountId, contactId: prefs.contact.id, choices }));
}
