import { parseDocument } from "htmlparser2";
import { findAll, findOne, appendChild } from "domutils";
import { Element, Text } from "domhandler";
import render from "dom-serializer";

export interface TrackingPlan {
  /** Full URL of this recipient's open pixel; omitted when opens are not tracked. */
  pixelUrl?: string;
  /** Maps an original link to its tracked URL; omitted when clicks are not tracked. */
  trackLink?: (href: string) => string;
}

// Links a recipient does not "click" through us: unsubscribe links must work even if tracking
// breaks, and non-web schemes cannot redirect.
const UNTRACKED = /unsubscribe|\/u\//i;

/** Rewrites http(s) links and appends the open pixel, with a real HTML parser. */
export function addTracking(html: string, plan: TrackingPlan): string {
  if (!plan.pixelUrl && !plan.trackLink) return html;
  const doc = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: false });
  if (plan.trackLink) {
    for (const a of findAll((el) => el.name === "a" && typeof el.attribs.href === "string", doc.children)) {
      const href = a.attribs.href.trim();
      if (/^https?:\/\//i.test(href) && !UNTRACKED.test(href) && a.attribs["data-mw-untracked"] === undefined) {
        a.attribs.href = plan.trackLink(href);
      }
    }
  }
  if (plan.pixelUrl) {
    const pixel = openPixel(plan.pixelUrl);
    const body = findOne((el) => el.name === "body", doc.children);
    if (body) appendChild(body, pixel);
    else appendChild(doc, pixel);
  }
  return render(doc, { encodeEntities: "utf8", decodeEntities: true });
}

/**
 * The open pixel as a 1x1 table cell whose background is the pixel URL (the `background`
 * attribute, and the same in CSS), not an <img>: SpamAssassin scores any HTML part under 3200
 * bytes that holds an <img> as image spam (HTML_IMAGE_ONLY_04..32, up to 2.8 points), so an
 * <img> pixel alone made short emails look like image spam (issue 18). Clients that load remote
 * images load cell backgrounds too; Outlook for Windows (Word rendering) does not.
 */
function openPixel(url: string): Element {
  const cell = new Element(
    "td",
    { width: "1", height: "1", background: url, style: `background-image:url('${url}');font-size:1px;line-height:1px;` },
    [new Text("\u00a0")],
  );
  return new Element("table", { role: "presentation", width: "1", cellpadding: "0", cellspacing: "0", border: "0" }, [
    new Element("tr", {}, [cell]),
  ]);
}
