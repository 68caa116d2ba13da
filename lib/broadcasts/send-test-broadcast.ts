import { getDb } from "@/lib/db/client";
import { acceptEmails } from "@/lib/emails/accept-emails";
import { getBroadcastOrThrow } from "./get-broadcast-or-throw";
import { getDefaultLayout } from "@/lib/layouts/get-default-layout";
import { renderBroadcastEmail } from "./render-broadcast-email";
import type { TestBroadcastBody } from "./schemas";

/**
 * POST /broadcasts/:id/test: one ordinary email (one credit) of the broadcast as a member would
 * get it, to `to` or else the signed-in user's (or the account's) address, with sample values
 * for the member's variables. It is not counted in the broadcast's stats.
 */
export async function sendTestBroadcast(options: { accountId: string; userId: string | null; id: string; input: TestBroadcastBody }) {
  const { accountId, id } = options;
  const db = getDb();
  const broadcast = await getBroadcastOrThrow({ accountId, id });
  const [account, user, list, template, layout] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true, companyName: true, email: true } }),
    options.userId ? db.user.findFirst({ where: { id: options.userId, accountId }, select: { email: true, name: true } }) : null,
    db.contactList.findFirst({ where: { id: broadcast.listId, accountId }, select: { name: true } }),
    broadcast.templateId
      ? db.template.findFirst({ where: { id: broadcast.templateId, accountId }, select: { subject: true, htmlBody: true } })
      : null,
    getDefaultLayout({ accountId }),
  ]);
  const to = options.input.to ?? user?.email ?? account.email;
  const email = renderBroadcastEmail(
    { broadcast, template, companyName: account.companyName || account.name, listName: list?.name ?? "", layout },
    { contactId: null, email: to, name: user?.name ?? null, properties: {} },
  );
  const subject = `[Test] ${email.subject}`;
  const [emailId] = await acceptEmails({
    accountId,
    emails: [{ ...email, subject, headers: undefined, tags: [{ name: "broadcast_test", value: id }] }],
    source: { kind: "api" },
  });
  return { id: emailId, to };
}
