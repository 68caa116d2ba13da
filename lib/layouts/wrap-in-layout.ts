import { EMAIL_WIDTH } from "@/lib/templates/design";
import { escapeHtmlText } from "@/lib/templates/render-design-html";
import { LAYOUT_FONT_STACKS, type LayoutContent, type LayoutFont } from "./layout-content";

// The layout around a rendered email body: a header (the logo, else the header text, in the
// brand colour), the body, and a footer (footer text, postal address, unsubscribe link), in one
// centred EMAIL_WIDTH column. Email-safe: tables, inline styles, no <style>. Layout fields are
// plain text and are escaped (a layout holds no variables). A body that is a whole document (the
// visual editor's) is wrapped from inside its <body>, so the document stays one document.
// The unsubscribe link is added only when the body has none of its own (the editor's footer
// block has one). Pure: the dashboard's previews wrap with it too.

const MUTED = "#71717a";
const HEX = /^#[0-9a-fA-F]{6}$/;

const lines = (text: string) =>
  text
    .trim()
    .split(/\r?\n/)
    .map((line) => escapeHtmlText(line))
    .join("<br>");

function header(layout: LayoutContent, font: string, color: string): string {
  const logo = layout.logoUrl && /^https?:\/\//i.test(layout.logoUrl.trim()) ? layout.logoUrl.trim() : null;
  const alt = escapeHtmlText(layout.headerText?.trim() ?? "");
  if (logo) {
    return `<tr><td align="center" style="padding:24px 24px 8px;"><img src="${escapeHtmlText(logo)}" alt="${alt}" height="40" style="display:block;height:40px;width:auto;max-width:100%;border:0;outline:none;text-decoration:none;"></td></tr>`;
  }
  if (!layout.headerText?.trim()) return "";
  return `<tr><td align="center" style="padding:24px 24px 8px;font-family:${font};font-size:20px;line-height:28px;font-weight:700;color:${color};">${escapeHtmlText(layout.headerText.trim())}</td></tr>`;
}

function footer(layout: LayoutContent, font: string, unsubscribeUrl: string | null): string {
  const style = `margin:0 0 8px;font-family:${font};font-size:12px;line-height:18px;color:${MUTED};`;
  const parts = [
    layout.footerText?.trim() ? `<p style="${style}">${lines(layout.footerText)}</p>` : "",
    layout.address?.trim() ? `<p style="${style}">${lines(layout.address)}</p>` : "",
    unsubscribeUrl
      ? `<p style="${style}"><a href="${escapeHtmlText(unsubscribeUrl)}" style="color:${MUTED};text-decoration:underline;">Unsubscribe</a></p>`
      : "",
  ].join("");
  return parts ? `<tr><td align="center" style="padding:16px 24px 24px;text-align:center;">${parts}</td></tr>` : "";
}

/**
 * The body inside the layout. `unsubscribeUrl` (the email's own link) is shown in the footer when
 * the body does not already carry it.
 */
export function wrapInLayout(body: string, layout: LayoutContent, options: { unsubscribeUrl?: string | null } = {}): string {
  const font = LAYOUT_FONT_STACKS[layout.font as LayoutFont] ?? LAYOUT_FONT_STACKS.system;
  const color = HEX.test(layout.brandColor) ? layout.brandColor : "#18181b";
  const url = options.unsubscribeUrl && /^(https?:|mailto:)/i.test(options.unsubscribeUrl) ? options.unsubscribeUrl : null;
  const ownLink = url ? body.includes(url) || body.includes(escapeHtmlText(url)) || body.includes(url.replace(/&/g, "&amp;")) : false;
  const wrap = (inner: string) =>
    [
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-top:4px solid ${color};">`,
      `<tr><td align="center" style="padding:0 8px;">`,
      `<table role="presentation" width="${EMAIL_WIDTH}" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:${EMAIL_WIDTH}px;">`,
      header(layout, font, color),
      `<tr><td style="padding:8px 0;font-family:${font};font-size:15px;line-height:1.5;color:#18181b;text-align:left;">`,
      inner,
      `</td></tr>`,
      footer(layout, font, ownLink ? null : url),
      `</table>`,
      `</td></tr>`,
      `</table>`,
    ].join("\n");
  const open = /<body\b[^>]*>/i.exec(body);
  const close = open ? body.toLowerCase().lastIndexOf("</body>") : -1;
  if (open && close > open.index) {
    const start = open.index + open[0].length;
    return `${body.slice(0, start)}\n${wrap(body.slice(start, close))}\n${body.slice(close)}`;
  }
  return wrap(body);
}
