import {
  EMAIL_WIDTH,
  type ColumnBlock,
  type Design,
  type DesignBlock,
  type DesignTheme,
  type Inline,
  type InlineDoc,
  type Paragraph,
  type RichDoc,
} from "./design";

// A design (design.ts) as the HTML of an email: what the template stores as its htmlBody, so
// the preview, the test send and every real send show the same HTML. Email-safe: layout by
// tables, every style inline (no <style>, no external CSS), widths in attributes as well, a
// 600 px column that shrinks on a phone. Variables come out as mustache tags for the one
// renderer of every email (render.ts): a variable chip with a fallback is a section and its
// inverse, {{#name}}{{name}}{{/name}}{{^name}}fallback{{/name}}.
//
// Pure (no server-only imports): the dashboard renders its live preview with it.

const FONT = `-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;
const PADDING_X = 32;
const GUTTER = 16;

/** HTML text and attribute escaping; mustache tags ({{ }}) pass through untouched. */
export function escapeHtmlText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

// The schema only lets safe URLs in; a design that skipped it still cannot put script in a link.
const SAFE_URL = /^(?:https?:\/\/|mailto:|\{\{)/i;
function safeUrl(url: string): string {
  const trimmed = url.trim();
  return SAFE_URL.test(trimmed) ? escapeHtmlText(trimmed) : "#";
}

/** A variable as mustache: plain, or with its fallback for an empty value. */
export function variableTag(name: string, fallback = ""): string {
  const clean = fallback.replace(/[{}]/g, "");
  return clean ? `{{#${name}}}{{${name}}}{{/${name}}}{{^${name}}}${escapeHtmlText(clean)}{{/${name}}}` : `{{${name}}}`;
}

interface Ctx {
  theme: DesignTheme;
  /** The width the block has, in pixels, inside the padding. */
  width: number;
}

function inlineHtml(node: Inline, ctx: Ctx): string {
  if (node.type === "hardBreak") return "<br>";
  if (node.type === "variable") return variableTag(node.attrs.name, node.attrs.fallback);
  let html = escapeHtmlText(node.text);
  const marks = node.marks ?? [];
  if (marks.some((m) => m.type === "italic")) html = `<em>${html}</em>`;
  if (marks.some((m) => m.type === "bold")) html = `<strong>${html}</strong>`;
  const link = marks.find((m) => m.type === "link");
  if (link && link.type === "link") {
    html = `<a href="${safeUrl(link.attrs.href)}" style="color:${ctx.theme.accent};text-decoration:underline;">${html}</a>`;
  }
  return html;
}

function paragraphContent(paragraph: Paragraph, ctx: Ctx): string {
  return (paragraph.content ?? []).map((node) => inlineHtml(node, ctx)).join("");
}

const isEmptyParagraph = (node: { type: string; content?: unknown[] }) => node.type === "paragraph" && !node.content?.length;

type ListNode = Extract<RichDoc["content"][number], { type: "bulletList" | "orderedList" }>;
type ListChild = ListNode["content"][number]["content"][number];

function listHtml(list: ListNode, ctx: Ctx, textStyle: string, margin = "margin:0;"): string {
  const tag = list.type === "bulletList" ? "ul" : "ol";
  const start = list.type === "orderedList" && list.attrs?.start && list.attrs.start !== 1 ? ` start="${list.attrs.start}"` : "";
  const items = list.content
    .map((item) => {
      const parts = item.content.map((child: ListChild) =>
        child.type === "paragraph" ? paragraphContent(child, ctx) : listHtml(child as ListNode, ctx, textStyle),
      );
      return `<li style="margin:0 0 4px;">${parts.join("<br>").replace(/<br>(<[ou]l)/g, "$1")}</li>`;
    })
    .join("");
  return `<${tag}${start} style="${margin}padding:0 0 0 24px;${textStyle}">${items}</${tag}>`;
}

function textStyle(ctx: Ctx, size = 16, color = ctx.theme.text) {
  return `font-family:${FONT};font-size:${size}px;line-height:${Math.round(size * 1.5)}px;color:${color};`;
}

function richTextHtml(doc: RichDoc, ctx: Ctx): string {
  const style = textStyle(ctx);
  return doc.content
    .map((node, i) => {
      // The block's last margin would add to the row's padding.
      const margin = i === doc.content.length - 1 ? "margin:0;" : "margin:0 0 16px;";
      // An empty paragraph is a blank line the writer left on purpose.
      if (node.type === "paragraph")
        return `<p style="${margin}${style}">${isEmptyParagraph(node) ? "&nbsp;" : paragraphContent(node, ctx)}</p>`;
      return listHtml(node, ctx, style, margin);
    })
    .join("");
}

function inlineDocHtml(doc: InlineDoc, ctx: Ctx): string {
  return doc.content.map((p) => paragraphContent(p, ctx)).join("<br>");
}

const HEADING_SIZE = { 1: 28, 2: 22, 3: 18 } as const;

function cell(inner: string, align: string = "left", padding = `0 ${PADDING_X}px 16px`) {
  return `<tr><td align="${align}" style="padding:${padding};">${inner}</td></tr>`;
}

function buttonHtml(block: Extract<DesignBlock, { type: "button" }>, ctx: Ctx): string {
  const color = block.color ?? ctx.theme.accent;
  const label = escapeHtmlText(block.label);
  // A table cell carries the colour (clients that ignore padding on links still show a button).
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="${block.align}" style="border-collapse:separate;">` +
    `<tr><td align="center" bgcolor="${color}" style="border-radius:6px;background-color:${color};">` +
    `<a href="${safeUrl(block.href)}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:bold;color:${readableOn(color)};text-decoration:none;border-radius:6px;">${label}</a>` +
    `</td></tr></table>`
  );
}

/** White or near-black text, whichever reads better on the colour. */
export function readableOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.35 ? "#18181b" : "#ffffff";
}

function imageHtml(block: Extract<DesignBlock, { type: "image" }>, ctx: Ctx): string {
  const width = Math.min(block.width ?? ctx.width, ctx.width);
  const img = `<img src="${safeUrl(block.src)}" alt="${escapeHtmlText(block.alt)}" width="${width}" style="display:block;width:100%;max-width:${width}px;height:auto;border:0;">`;
  return block.href ? `<a href="${safeUrl(block.href)}">${img}</a>` : img;
}

function blockInner(block: ColumnBlock, ctx: Ctx): { html: string; align?: string; padding?: string } {
  switch (block.type) {
    case "heading": {
      const size = HEADING_SIZE[block.level];
      const style = `margin:0;${textStyle(ctx, size)}line-height:${Math.round(size * 1.25)}px;font-weight:bold;text-align:${block.align};`;
      return { html: `<h${block.level} style="${style}">${inlineDocHtml(block.content, ctx)}</h${block.level}>`, align: block.align };
    }
    case "text":
      return { html: richTextHtml(block.content, ctx) };
    case "button":
      return { html: buttonHtml(block, ctx), align: block.align, padding: `8px ${PADDING_X}px 24px` };
    case "image":
      return { html: imageHtml(block, ctx), align: block.align };
    case "divider":
      return {
        html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td height="1" style="height:1px;line-height:1px;font-size:1px;background-color:#e4e4e7;">&nbsp;</td></tr></table>`,
        padding: `8px ${PADDING_X}px 24px`,
      };
    case "spacer":
      return {
        html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td height="${block.height}" style="height:${block.height}px;line-height:${block.height}px;font-size:1px;">&nbsp;</td></tr></table>`,
        padding: `0 ${PADDING_X}px`,
      };
  }
}

function columnsHtml(block: Extract<DesignBlock, { type: "columns" }>, ctx: Ctx): string {
  const width = Math.floor((ctx.width - GUTTER) / 2);
  const inner: Ctx = { ...ctx, width };
  const column = (blocks: ColumnBlock[]) =>
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${blocks
      .map((b) => {
        const { html, align } = blockInner(b, inner);
        return `<tr><td align="${align ?? "left"}" style="padding:0 0 16px;">${html}</td></tr>`;
      })
      .join("")}</table>`;
  // Two inline blocks side by side that wrap under each other where the column is narrower than
  // both (a phone): no media query needed, so it holds in clients that drop <style>.
  const half = (blocks: ColumnBlock[]) =>
    `<div style="display:inline-block;width:100%;max-width:${width + GUTTER}px;vertical-align:top;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="padding:0 ${GUTTER / 2}px;">${column(blocks)}</td></tr></table></div>`;
  return cell(`${half(block.columns[0])}${half(block.columns[1])}`, "left", `0 ${PADDING_X - GUTTER / 2}px 0`);
}

function footerHtml(block: Extract<DesignBlock, { type: "footer" }>, ctx: Ctx): string {
  const muted = "#71717a";
  const style = `margin:0 0 8px;${textStyle(ctx, 13, muted)}`;
  const note = block.content.content.some((p) => p.content?.length) ? `<p style="${style}">${inlineDocHtml(block.content, ctx)}</p>` : "";
  const address = block.address.trim()
    ? `<p style="${style}">${block.address
        .trim()
        .split(/\r?\n/)
        .map((line) => escapeHtmlText(line))
        .join("<br>")}</p>`
    : "";
  const unsubscribe = `<p style="margin:0;${textStyle(ctx, 13, muted)}"><a href="{{{unsubscribe_url}}}" style="color:${muted};text-decoration:underline;">${escapeHtmlText(block.unsubscribeLabel)}</a></p>`;
  return `<tr><td align="center" style="padding:24px ${PADDING_X}px 32px;border-top:1px solid #e4e4e7;text-align:center;">${note}${address}${unsubscribe}</td></tr>`;
}

function blockHtml(block: DesignBlock, ctx: Ctx): string {
  if (block.type === "columns") return columnsHtml(block, ctx);
  if (block.type === "footer") return footerHtml(block, ctx);
  const { html, align, padding } = blockInner(block, ctx);
  return cell(html, align, padding);
}

/** The design as a whole HTML email document. Pure and deterministic. */
export function renderDesignHtml(design: Design, options: { title?: string } = {}): string {
  const { theme } = design;
  const ctx: Ctx = { theme, width: EMAIL_WIDTH - PADDING_X * 2 };
  const rows = design.blocks.map((block) => blockHtml(block, ctx)).join("\n");
  return [
    `<!DOCTYPE html>`,
    `<html lang="en">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting"><title>${escapeHtmlText(options.title ?? "")}</title></head>`,
    `<body style="margin:0;padding:0;background-color:${theme.background};">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${theme.background}" style="background-color:${theme.background};">`,
    `<tr><td align="center" style="padding:24px 8px;">`,
    `<table role="presentation" width="${EMAIL_WIDTH}" cellpadding="0" cellspacing="0" border="0" bgcolor="${theme.surface}" style="width:100%;max-width:${EMAIL_WIDTH}px;background-color:${theme.surface};border-radius:8px;">`,
    `<tr><td style="height:32px;line-height:32px;font-size:1px;">&nbsp;</td></tr>`,
    rows,
    `</table>`,
    `</td></tr>`,
    `</table>`,
    `</body>`,
    `</html>`,
    ``,
  ].join("\n");
}
