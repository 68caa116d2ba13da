import { getEnv } from "@/lib/config/env";
import { inboxTransport } from "./inbox-transport";
import { smtpTransport } from "./smtp-transport";
import type { MailTransport } from "./transport";

export function getTransport(): MailTransport {
  return getEnv().MAIL_TRANSPORT === "smtp" ? smtpTransport : inboxTransport;
}
