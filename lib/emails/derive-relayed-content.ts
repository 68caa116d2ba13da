import { simpleParser } from "mailparser";
import type { Email } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log/logger";

type Content = Pick<Email, "html" | "text" | "attachments">;

/**
 * A relayed email's html, text and attachments (names and types) as its reader sees them. The
 * relay stores the client's MIME (`rawMime`) and reads only its header block when it accepts a
 * message; the parts are parsed here, with mailparser as the accept did before, when someone
 * reads the email (GET /emails/:id and the dashboard's email view), not for every message relayed.
 * An email without rawMime (the API's) or with any of the three stored (relayed before the
 * relay stopped parsing bodies at accept) is returned as stored. The MIME is at most
 * SMTP_MAX_MESSAGE_BYTES: one parse per read stays bounded.
 */
export async function deriveRelayedContent<T extends Content & Pick<Email, "id" | "rawMime">>(email: T): Promise<T> {
  if (email.rawMime === null || email.html !== null || email.text !== null || email.attachments !== null) return email;
  // The accept no longer runs mailparser: a message it would choke on is stored, and its
  // record then shows no body rather than failing the read.
  const parsed = await simpleParser(Buffer.from(email.rawMime, "latin1")).catch((err: unknown) => {
    logger().warn({ err, emailId: email.id }, "could not parse a relayed email's stored MIME");
    return null;
  });
  if (!parsed) return email;
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
