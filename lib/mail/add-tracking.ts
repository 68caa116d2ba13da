import { parseDocument } from "htmlparser2";
import { findAll, findOne, appendChild } from "domutils";
import { Element } from "domhandler";
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
    const pixel = new Element("img", {
      src: plan.pixelUrl,
      width: "1",
      height: "1",
      alt: "",
      style: "display:block;width:1px;height:1px;border:0;",
    });
    const body = findOne((el) => el.name === "body", doc.children);
    if (body) appendChild(body, pixel);
    else appendChild(doc, pixel);
  }
  return render(doc, { encodeEntities: "utf8", decodeEntities: true });
}
