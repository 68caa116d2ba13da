import type { Db, Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { checkSender } from "@/lib/domains/check-sender";
import { acceptEmails } from "@/lib/emails/accept-emails";
import { isLocalMode } from "@/lib/config/local-mode";
import { sandboxAddress } from "@/lib/sandbox/sandbox-address";
import { listConfirmUrl } from "./list-confirm-token";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sender of a list's confirmation emails: the account's default sender, else (local mode,
 * where every email lands in the dev inbox) the sandbox sender. A 400 when neither may send to
 * contacts, checked before anyone is made pending.
 */
export async function confirmationSender(db: Db | Tx, accountId: string): Promise<string> {
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { defaultFrom: true, name: true, companyName: true },
  });
  const from = account.defaultFrom ?? (isLocalMode() ? `${account.companyName || account.name} <${sandboxAddress().address}>` : null);
  const check = await checkSender(db, accountId, from);
  if (check.problem) {
    throw new ApiError("validation_error", `this list asks joiners to confirm by email, and it cannot be sent: ${check.reason}`, [
      { path: "doubleOptIn", message: check.reason },
    ]);
  }
  return check.from;
}

/**
 * The confirmation email of a double opt-in list, through the ordinary accept pipeline (one
 * credit, delivered like any email; the dev inbox in local mode). Its link confirms the join.
 */
export async function sendListConfirmation(options: {
  accountId: string;
  from: string;
  list: { id: string; name: string };
  contact: { id: string; email: string };
}) {
  const { accountId, from, list, contact } = options;
  const url = listConfirmUrl({ listId: list.id, contactId: contact.id });
  const [id] = await acceptEmails({
    accountId,
    emails: [
      {
        from,
        to: [contact.email],
        subject: `Confirm your subscription to ${list.name}`,
        html: `<p>Please confirm that you want to join <strong>${escape(list.name)}</strong>.</p><p><a href="${escape(url)}">Confirm my subscription</a></p><p>If you did not ask for this, ignore this email: you will not be added.</p>`,
        text: `Please confirm that you want to join ${list.name}:\n\n${url}\n\nIf you did not ask for this, ignore this email: you will not be added.`,
        tags: [{ name: "list_confirmation", value: list.id }],
      },
    ],
    source: { kind: "api" },
  });
  return id;
}
