import { simpleParser } from "mailparser";
import { splitMessage } from "./raw-message";

export type InboundReport =
  | { kind: "bounce"; type: "hard" | "soft"; action: string; status: string; code: number; message: string; finalRecipient: string | null }
  | { kind: "complaint"; feedbackType: string; originalRecipient: string | null };

/** "Name: value" fields of a DSN or ARF part, in groups separated by blank lines (RFC 3464 2.1). */
function fieldGroups(text: string): Map<string, string>[] {
  return text
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n\s*\r?\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split(/\r?\n/)) {
        const m = /^([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
        if (m && !fields.has(m[1].toLowerCase())) fields.set(m[1].toLowerCase(), m[2].trim());
      }
      return fields;
    })
    .filter((f) => f.size);
}

/** The body of the first MIME part of `type` inside a multipart message with `boundary`. */
function partBody(raw: string, boundary: string, type: string): string | null {
  for (const part of raw.split(`--${boundary}`).slice(1)) {
    const { header, body } = splitMessage(part.replace(/^\r\n/, ""));
    const contentType = /^content-type:\s*([^;\r\n]+)/im.exec(header)?.[1].trim().toLowerCase();
    if (contentType === type) return body;
  }
  return null;
}

const addressIn = (value: string | undefined) =>
  value ? (value.split(";").pop() ?? "").trim().replace(/^<|>$/g, "").toLowerCase() || null : null;

/**
 * A delivery status notification (RFC 3464: multipart/report; report-type=delivery-status)
 * or an abuse feedback report (RFC 5965: report-type=feedback-report); null for anything else.
 * DSN: Action failed with Status 5.x.x is a hard bounce; 4.x.x, or Action delayed, is soft.
 */
export async function parseReport(raw: Buffer): Promise<InboundReport | null> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  const contentType = parsed.headers.get("content-type") as { value?: string; params?: Record<string, string> } | undefined;
  if (contentType?.value?.toLowerCase() !== "multipart/report" || !contentType.params?.boundary) return null;
  const reportType = contentType.params["report-type"]?.toLowerCase();
  const text = raw.toString("latin1");

  if (reportType === "feedback-report") {
    const body = partBody(text, contentType.params.boundary, "message/feedback-report");
    const fields = body ? fieldGroups(body)[0] : undefined;
    if (!fields) return null;
    return {
      kind: "complaint",
      feedbackType: (fields.get("feedback-type") ?? "abuse").toLowerCase(),
      originalRecipient: addressIn(fields.get("original-rcpt-to")),
    };
  }
  if (reportType === "delivery-status") {
    const body = partBody(text, contentType.params.boundary, "message/delivery-status");
    if (!body) return null;
    // Per-message fields first, then one group per recipient (only those have Action). VERP
    // already names the recipient, so the first failed or delayed one is the one that matters.
    const recipient = fieldGroups(body).find((f) => ["failed", "delayed"].includes((f.get("action") ?? "").toLowerCase()));
    if (!recipient) return null;
    const action = recipient.get("action")!.toLowerCase();
    const status = /\d\.\d{1,3}\.\d{1,3}/.exec(recipient.get("status") ?? "")?.[0] ?? (action === "failed" ? "5.0.0" : "4.0.0");
    const diagnostic = recipient.get("diagnostic-code") ?? "";
    const hard = action === "failed" && status.startsWith("5");
    const replyCode = /(?:^|;\s*)([245]\d\d)\b/.exec(diagnostic)?.[1];
    return {
      kind: "bounce",
      type: hard ? "hard" : "soft",
      action,
      status,
      code: replyCode ? Number(replyCode) : hard ? 550 : 450,
      message: diagnostic.replace(/^smtp;\s*/i, "") || `${action} (status ${status})`,
      finalRecipient: addressIn(recipient.get("final-recipient")),
    };
  }
  return null;
}
