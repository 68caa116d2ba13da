import type { SendEmailBody } from "@/lib/emails/schemas";
import { unsubscribeHeaders } from "@/lib/emails/unsubscribe-headers";
import { renderTemplate } from "@/lib/templates/render";
import type { LayoutContent } from "@/lib/layouts/layout-content";
import { buildStepVariables } from "../steps/step-variables";

export interface StepEmailInput {
  from: string;
  contact: { email: string; name: string | null; properties: unknown };
  /** The step's own subject and HTML, or its template's. */
  source: { subject: string; html: string };
  companyName: string | null;
  listName: string | null;
  /** The properties of the event that started the run: {{event.<key>}}. */
  event: Record<string, unknown> | null;
  unsubscribeUrl: string;
  replyTo?: string;
  /** The account's default layout the email is wrapped in (null: none). */
  layout: LayoutContent | null;
  /** The fallback values of the step's template's typed variables, by key. */
  fallbacks?: Record<string, string | number>;
}

/**
 * The email an automation step sends to one contact: the step rendered with the contact's
 * variables, in the account's layout, with the unsubscribe headers every email to a contact carries (unsubscribeHeaders).
 * A variable the contact does not have takes its template's fallback value, as a send of the
 * template through the API does (resolve-email-templates.ts).
 * Pure; throws what rendering throws (a template past the rendering budget).
 */
export function composeStepEmail(input: StepEmailInput): SendEmailBody {
  const variables = buildStepVariables({
    contact: input.contact,
    companyName: input.companyName,
    listName: input.listName,
    unsubscribeUrl: input.unsubscribeUrl,
    event: input.event,
  });
  const rendered = renderTemplate(input.source, { ...input.fallbacks, ...variables }, { layout: input.layout });
  return {
    from: input.from,
    to: [input.contact.email],
    subject: rendered.subject,
    html: rendered.html,
    ...(input.replyTo ? { reply_to: [input.replyTo] } : {}),
    headers: unsubscribeHeaders(input.unsubscribeUrl),
  };
}
