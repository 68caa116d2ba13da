import type { ComposeInput } from "./compose-message";

// What every transport answers for one message to one recipient.
export type DeliveryOutcome =
  // `relayed`: a smarthost took it for onward delivery, so no delivery outcome is known yet.
  | { kind: "delivered"; code: number; message: string; complaint?: boolean; relayed?: boolean }
  | { kind: "hard_bounce"; code: number; message: string }
  | { kind: "soft_bounce"; code: number; message: string };

export interface OutgoingMessage {
  /** The VERP return path (MAIL FROM). */
  envelopeFrom: string;
  recipient: string;
  /**
   * The signed RFC 5322 message: its bytes (a relayed message), or its parts, composed and
   * signed once, when a transport first asks; messageBytes gives the bytes of either.
   */
  content: { raw: Buffer } | { parts: ComposeInput };
  /** Links the dev inbox copy back to the email (null ids: the service's own mail, such as sign-up confirmation). */
  meta: { accountId: string; emailId: string | null; recipientId: string | null; from: string; to: string[]; subject: string };
}

export interface MailTransport {
  name: string;
  send(message: OutgoingMessage): Promise<DeliveryOutcome>;
  close?(): Promise<void>;
}

/** SMTP reply code to outcome: 2xx delivered, 5xx hard, anything else (4xx, network) soft. */
export function outcomeFromCode(code: number | undefined, message: string): DeliveryOutcome {
  if (code !== undefined && code >= 200 && code < 300) return { kind: "delivered", code, message };
  if (code !== undefined && code >= 500 && code < 600) return { kind: "hard_bounce", code, message };
  return { kind: "soft_bounce", code: code ?? 451, message };
}
