import type { Email, Template } from "@/lib/generated/prisma/client";
import type { LayoutContent } from "@/lib/layouts/layout-content";
import { renderTemplate, sanitizeSubject } from "@/lib/templates/render";
import type { RenderedContent } from "./build-recipient-message";

/** What a broadcast's member email renders its body from when it is sent. */
export interface BroadcastBodySource {
  /** The body the broadcast fixed when its fan-out started (its template's, or its own); empty when it has none. */
  html: string;
  text: string | null;
  /** The account's default layout (null: none). */
  layout: LayoutContent | null;
}

/** A member's email of a broadcast stored without a body: it renders from the broadcast at send time. */
export const rendersFromBroadcast = (email: Pick<Email, "broadcastId" | "html" | "text">) =>
  email.broadcastId !== null && email.html === null && email.text === null;

/** An email whose body is rendered at send time from a template or its broadcast: its first send stores that rendering, the record of what was sent. */
export const keepsRenderedBody = (email: Pick<Email, "templateId" | "broadcastId" | "html" | "text">) =>
  email.templateId !== null || rendersFromBroadcast(email);

/** A broadcast member's email without a body whose broadcast has none stored to render: nothing to send. */
export class BroadcastContentGoneError extends Error {
  readonly code = "broadcast_content_gone";
  constructor() {
    super("the broadcast this email renders from has no body stored");
    this.name = "BroadcastContentGoneError";
  }
}

/**
 * A broadcast's body rendered with one member's variables, wrapped in the layout: html null when
 * the broadcast has none, text null likewise.
 */
export function renderBroadcastBody(source: BroadcastBodySource, variables: Record<string, unknown>) {
  const out = renderTemplate({ subject: "", html: source.html, text: source.text ?? undefined }, variables, { layout: source.layout });
  return { html: source.html ? out.html : null, text: source.text ? out.text : null };
}

/**
 * What a send renders: the template (or the inline subject/html/text when variables came with
 * them) through renderTemplate, the renderer the previews use, with the email's variables as
 * sent (flat, nested or both). Templates render at send time, so a template edited after accept
 * applies. An email with content of its own that names its template (a test send, rendered when
 * accepted, or one whose first attempt kept its rendering) sends that content as stored. A
 * broadcast member's email stored without a body renders its broadcast's send body
 * (`broadcast`, read with it) with its variables, under the subject rendered at the fan-out.
 * Throws TemplateTooComplexError past the rendering budget (accept checks it once before
 * storing), and BroadcastContentGoneError for a broadcast email with no body to render.
 */
export function renderEmailContent(
  email: Pick<Email, "subject" | "html" | "text" | "broadcastId" | "templateId"> & { variables: unknown },
  template: Pick<Template, "subject" | "htmlBody"> | null,
  broadcast: BroadcastBodySource | null = null,
): RenderedContent {
  const variables = (email.variables as Record<string, unknown> | null) ?? {};
  if (rendersFromBroadcast(email)) {
    if (!broadcast) throw new BroadcastContentGoneError();
    return { subject: sanitizeSubject(email.subject), ...renderBroadcastBody(broadcast, variables) };
  }
  if (template && email.html == null && email.text == null) {
    const out = renderTemplate({ subject: template.subject, html: template.htmlBody }, variables);
    return { subject: out.subject, html: out.html, text: null };
  }
  // Only an inline body renders with its variables at every attempt. A template's or a
  // broadcast's email with content stored (rendered when accepted, at the fan-out, or kept by an
  // earlier attempt) is sent as stored: rendering it again would read the values it was rendered
  // with as template tags.
  if (email.variables && email.templateId === null && email.broadcastId === null) {
    const out = renderTemplate({ subject: email.subject, html: email.html ?? "", text: email.text ?? undefined }, variables);
    return { subject: out.subject, html: email.html ? out.html : null, text: email.text ? out.text : null };
  }
  return { subject: sanitizeSubject(email.subject), html: email.html, text: email.text };
}
