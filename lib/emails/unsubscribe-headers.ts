/**
 * The unsubscribe headers of a bulk or automated email to a contact: List-Unsubscribe (RFC 2369)
 * naming the contact's own unsubscribe URL, and List-Unsubscribe-Post (RFC 8058), which tells
 * mailbox providers that a POST to that URL unsubscribes in one click, with no page to confirm.
 * Every email sent to a list member (broadcasts, automation steps) carries them.
 */
export function unsubscribeHeaders(url: string): { "List-Unsubscribe": string; "List-Unsubscribe-Post": string } {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
