import { simpleParser } from "mailparser";
import type { Email } from "@/lib/generated/prisma/client";

type Content = Pick<Email, "html" | "text" | "attachments">;

/**
 * A relayed email's html, text and attachments (names and types) as its reader sees them. The
 * relay stores the client's MIME (`rawMime`) and reads only its header block when it accepts a
 * message; the parts are parsed here, with mailparser as the accept did before, when someone
 * reads the email (GET /emails/:id and the dashboard's email view), not for every message relayed.
 * An email that has any of the three stored (every email from the API, and relayed emails
 * stored before the relay stopped parsing bodies) is returned as stored. The MIME is at most
 * SMTP_MAX_MESSAGE_BYTES: one parse per read stays bounded.
 */
export async function deriveRelayedContent<T extends Content & Pick<Email, "rawMime">>(email: T): Promise<T> {
  if (email.rawMime === null || email.html !== null || email.text !== null || email.attachments !== null) return email;
  const parsed = await simpleParser(Buffer.from(email.rawMime, "latin1"));
  return {
    ...email,
    html: parsed.html || null,
    text: parsed.text || null,
    // The record lists names and types; the bytes stay in rawMime.
    attachments: parsed.attachments.length
      ? parsed.attachments.map((a) => ({ filename: a.filename ?? "attachment", content: "", content_type: a.contentType }))
      : null,
  };
}
