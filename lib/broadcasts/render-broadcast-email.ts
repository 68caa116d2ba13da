import type { Broadcast } from "@/lib/generated/prisma/client";
import type { SendEmailBody } from "@/lib/emails/schemas";
import { buildStepVariables } from "@/lib/automations/steps/step-variables";
import { unsubscribeUrl } from "@/lib/automations/unsubscribe-token";
import { renderTemplate, variableRoots } from "@/lib/templates/render";
import { renderBroadcastBody } from "@/lib/emails/render-email-content";
import { unsubscribeHeaders } from "@/lib/emails/unsubscribe-headers";
import type { LayoutContent } from "@/lib/layouts/layout-content";

export interface BroadcastContext {
  broadcast: Pick<Broadcast, "id" | "name" | "from" | "subject" | "html" | "text">;
  template: { subject: string; htmlBody: string } | null;
  companyName: string;
  listName: string;
  /** The account's default layout, read when the run (or test send) starts; null: none. */
  layout: LayoutContent | null;
  /** Instead of the broadcast's (or its template's) subject: an A/B test's variant. */
  subject?: string;
  /**
   * The variables the body its emails render from at send time reads (broadcastBodyVariables):
   * a member's email stores only these of its variables. Absent or null: all of them.
   */
  bodyVariables?: Set<string> | null;
}

/** The body a broadcast's member emails render from: its template's when it has one, else its own. */
export function broadcastBody(
  broadcast: Pick<Broadcast, "html" | "text">,
  template: { htmlBody: string } | null,
): { html: string; text: string | null } {
  return template ? { html: template.htmlBody, text: null } : { html: broadcast.html ?? "", text: broadcast.text };
}

/**
 * The variables a broadcast's body reads (and unsubscribe_url, which the layout's footer links
 * to), so a member's email keeps no more of the contact than its body shows; null when the body
 * does not parse (its emails then keep every variable and fail to render at send time).
 */
export function broadcastBodyVariables(body: { html: string; text: string | null }): Set<string> | null {
  const html = variableRoots(body.html);
  const text = variableRoots(body.text ?? "");
  return html && text ? new Set([...html, ...text, "unsubscribe_url"]) : null;
}

type Member = { contactId: string | null; email: string; name: string | null; properties: unknown };

/** The subject to render for a member: an A/B variant's, else the template's or the broadcast's. */
const broadcastSubject = (context: BroadcastContext) => context.subject ?? context.template?.subject ?? context.broadcast.subject;

/**
 * One member's email as the fan-out stores it: the subject rendered (it is listed and searched),
 * the body left to render at send time from the broadcast's send body with the member's
 * variables (the automation step variables, its own unsubscribe link among them; only those the
 * body reads), and the RFC 8058 one-click headers. An email with a broadcast and no body of its
 * own renders that way when it is sent (renderEmailContent).
 */
export function broadcastMemberEmail(
  context: BroadcastContext,
  member: Member,
  url = member.contactId ? unsubscribeUrl({ contactId: member.contactId, enrollmentId: null, broadcastId: context.broadcast.id }) : "#",
): SendEmailBody & { variables: Record<string, unknown> } {
  const variables = buildStepVariables({
    contact: member,
    companyName: context.companyName,
    listName: context.listName,
    unsubscribeUrl: url,
  });
  const keep = context.bodyVariables;
  const stored: Record<string, unknown> = keep ? {} : variables;
  if (keep) for (const name of keep) if (Object.hasOwn(variables, name)) stored[name] = variables[name];
  return {
    from: context.broadcast.from,
    to: [member.email],
    subject: renderTemplate({ subject: broadcastSubject(context), html: "" }, variables).subject,
    variables: stored,
    headers: unsubscribeHeaders(url),
  };
}

/**
 * One member's email rendered whole now (a test send): the broadcast (or its template) with the
 * member's variables in the account's layout, as a member's email is rendered when it is sent.
 */
export function renderBroadcastEmail(context: BroadcastContext, member: Member): SendEmailBody {
  const { variables, ...email } = broadcastMemberEmail({ ...context, bodyVariables: null }, member);
  const body = renderBroadcastBody({ ...broadcastBody(context.broadcast, context.template), layout: context.layout }, variables);
  return {
    ...email,
    ...(body.html !== null ? { html: body.html } : {}),
    ...(body.text !== null ? { text: body.text } : {}),
  };
}
