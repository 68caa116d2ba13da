import { getEnv } from "@/lib/config/env";
import { inboxTransport } from "./inbox-transport";
import { mxTransport } from "./mx-transport";
import { smtpTransport } from "./smtp-transport";
import type { MailTransport } from "./transport";

const transports: Record<ReturnType<typeof getEnv>["MAIL_TRANSPORT"], MailTransport> = {
  inbox: inboxTransport,
  smtp: smtpTransport,
  mx: mxTransport,
};

export function getTransport(): MailTransport {
  return transports[getEnv().MAIL_TRANSPORT];
}
