import { getDb } from "@/lib/db/client";
import type { ReceivedMessage } from "../smtp-receiver";

// The receiver's side of the books: every message counted by its Message-ID and recipient, set
// against the recipients of the emails the API accepted (a 201 that reached the client).

// `sent` is final for a smarthost (MAIL_TRANSPORT=smtp, the receiver here): its 250 is the last
// word until a DSN, which may still turn it `bounced` (docs/reliability.md).
const FINAL = new Set(["sent", "delivered", "bounced", "complained", "failed", "cancelled", "suppressed"]);

function messageId(raw: Buffer): string | undefined {
  const head = raw.subarray(0, raw.indexOf("\r\n\r\n") > 0 ? raw.indexOf("\r\n\r\n") : raw.length).toString("utf8");
  return /^message-id:\s*(<[^>]+>)/im.exec(head)?.[1];
}

/** Each copy received, by key (recipient id from the Message-ID, envelope recipient): arrival times. */
function arrivals(messages: readonly ReceivedMessage[]): Map<string, number[]> {
  const seen = new Map<string, number[]>();
  for (const m of messages) {
    // Our Message-ID is <recipient id@domain>: the key is that id and the envelope recipient.
    const id = /^<([^@>]+)@/.exec(messageId(m.raw) ?? "")?.[1] ?? "(none)";
    for (const rcpt of m.rcptTo) {
      const key = `${id} ${rcpt.toLowerCase()}`;
      seen.set(key, [...(seen.get(key) ?? []), m.receivedAt]);
    }
  }
  return seen;
}

export function countReceived(messages: readonly ReceivedMessage[]): Map<string, number> {
  return new Map([...arrivals(messages)].map(([key, times]) => [key, times.length]));
}

/** A worker's death: when, and the recipients it left `sending` (attempt started, outcome not written). */
export interface Kill {
  at: number;
  sending: ReadonlySet<string>;
}

/**
 * The copies beyond the first that a kill does not explain. The contract (docs/reliability.md)
 * is at least once with duplicates marked: a recipient may arrive again, with the same
 * Message-ID, only when a worker died after the receiver took it and before its outcome was
 * written, so the next worker found it still `sending` and sent it again. Each extra copy
 * must match one such kill: the recipient was left `sending` by it and a copy had arrived
 * before it. Anything else (a copy sent again without a death, or twice for one death) is
 * returned as `key: times`.
 */
export function unexplainedDuplicates(messages: readonly ReceivedMessage[], kills: readonly Kill[]): string[] {
  const unexplained: string[] = [];
  for (const [key, times] of arrivals(messages)) {
    if (times.length < 2) continue;
    const recipientId = key.split(" ")[0];
    const sorted = [...times].sort((a, b) => a - b);
    const deaths = kills.filter((k) => k.sending.has(recipientId) && k.at >= sorted[0]).length;
    if (sorted.length - 1 > deaths) unexplained.push(`${key}: ${sorted.length} copies, ${deaths} deaths with it in flight`);
  }
  return unexplained;
}

/** Delivered, twice, lost (by recipient) and stuck (emails not in a final status). */
export async function settleAccounts(acceptedEmailIds: readonly string[], messages: readonly ReceivedMessage[]) {
  const received = countReceived(messages);
  const emails = await getDb().email.findMany({
    where: { id: { in: [...acceptedEmailIds] } },
    select: { id: true, status: true, recipients: { select: { id: true, email: true } } },
  });
  let delivered = 0;
  let deliveredTwice = 0;
  let lost = emails.length < acceptedEmailIds.length ? acceptedEmailIds.length - emails.length : 0;
  const lostKeys: string[] = [];
  for (const email of emails) {
    for (const r of email.recipients) {
      const count = received.get(`${r.id} ${r.email.toLowerCase()}`) ?? 0;
      if (count === 0) {
        lost++;
        lostKeys.push(`${email.id}/${r.email}`);
      } else {
        delivered++;
        if (count > 1) deliveredTwice++;
      }
    }
  }
  const stuck = emails.filter((e) => !FINAL.has(e.status)).map((e) => `${e.id}:${e.status}`);
  const recipients = emails.reduce((sum, e) => sum + e.recipients.length, 0);
  return { delivered, deliveredTwice, lost, lostKeys, stuck, recipients };
}
