import { Parser } from "htmlparser2";
import { Comment, Element, Text } from "domhandler";
import render from "dom-serializer";
import { LRUCache } from "lru-cache";

export interface TrackingPlan {
  /** Full URL of this recipient's open pixel; omitted when opens are not tracked. */
  pixelUrl?: string;
  /** Maps an original link to its tracked URL; omitted when clicks are not tracked. */
  trackLink?: (href: string) => string;
}

// Links a recipient does not "click" through us: unsubscribe links must work even if tracking
// breaks, and non-web schemes cannot redirect.
const UNTRACKED = /unsubscribe|\/u\//i;

/**
 * Links tracked per message at most, in source order; the rest are sent as written. Each
 * tracked link is a token row per recipient: without a bound, one email of 60,000 links to 150
 * recipients would write nine million rows.
 */
export const MAX_TRACKED_LINKS = 100;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

interface TrackingPlaces {
  /** The trackable links' `href` attributes, in source order: [start, end) and the trimmed value. */
  links: { start: number; end: number; href: string }[];
  /** Where the open pixel goes: before the end of the first body, else at the end. */
  pixelAt: number;
}

// Every recipient of an email (and every email of one rendering) has the same HTML: its places
// are found once, and each recipient's copy only splices its own URLs in.
const placesCache = new LRUCache<string, TrackingPlaces>({
  max: 500,
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (_, html) => html.length || 1,
});

/**
 * Where the tracking goes in this HTML, with a real HTML parser (so a link in a comment, a
 * script or an attribute value is left alone) but without building and printing a DOM: the
 * parser's events give each `href` attribute's place in the source and the end of the body.
 */
function trackingPlaces(html: string): TrackingPlaces {
  const cached = placesCache.get(html);
  if (cached) return cached;
  const links: TrackingPlaces["links"] = [];
  let anchor = false;
  let href: { value: string; start: number; end: number } | null = null;
  let untracked = false;
  let pixelAt = -1;
  const parser = new Parser(
    {
      onopentagname(name) {
        anchor = name === "a";
        href = null;
        untracked = false;
      },
      onattribute(name, value) {
        if (!anchor) return;
        // The first of repeated attributes is the one that counts, as in the DOM.
        if (name === "href" && !href) href = { value, start: parser.startIndex, end: parser.endIndex };
        else if (name === "data-mw-untracked") untracked = true;
      },
      onopentag() {
        if (anchor && href && !untracked) {
          const value = href.value.trim();
          if (links.length < MAX_TRACKED_LINKS && /^https?:\/\//i.test(value) && !UNTRACKED.test(value)) {
            links.push({ start: href.start, end: href.end, href: value });
          }
        }
        anchor = false;
      },
      onclosetag(name) {
        // Where the first body ends: before its end tag, or before whatever closed it (`</html>`,
        // the end of the input).
        if (name === "body" && pixelAt < 0) pixelAt = Math.min(parser.startIndex, html.length);
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: false },
  );
  parser.end(html);
  const places = { links, pixelAt: pixelAt < 0 ? html.length : pixelAt };
  placesCache.set(html, places);
  return places;
}

/**
 * Rewrites http(s) links and appends the open pixel at the places trackingPlaces found; only
 * those places change. Everything else is the sender's HTML byte for byte.
 */
export function addTracking(html: string, plan: TrackingPlan): string {
  if (!plan.pixelUrl && !plan.trackLink) return html;
  const places = trackingPlaces(html);
  // Replacements of the source, in source order: [start, end) becomes text.
  const edits: { start: number; end: number; text: string }[] = [];
  if (plan.trackLink) {
    for (const link of places.links) {
      edits.push({ start: link.start, end: link.end, text: `href="${escapeAttribute(plan.trackLink(link.href))}"` });
    }
  }
  if (plan.pixelUrl) {
    const pixel = render(openPixel(plan.pixelUrl), { encodeEntities: "utf8", decodeEntities: true });
    edits.push({ start: places.pixelAt, end: places.pixelAt, text: pixel });
  }
  let out = "";
  let from = 0;
  for (const edit of edits) {
    out += html.slice(from, edit.start) + edit.text;
    from = edit.end;
  }
  return out + html.slice(from);
}

/**
 * The open pixel, in two forms, because no one form is both loaded everywhere and quiet with
 * spam filters:
 * - a 1x1 table cell whose background is the pixel URL (the `background` attribute, and the
 *   same in CSS): Gmail (through its image proxy), Apple Mail, iOS Mail and Yahoo load cell
 *   backgrounds as they load images, and SpamAssassin does not count it as an image;
 * - a 1x1 <img> inside an Outlook conditional comment (`<!--[if mso]>`): Outlook for Windows
 *   renders with Word, which draws no cell backgrounds but shows what such a comment holds,
 *   while every other client, and SpamAssassin's HTML parser, sees only a comment.
 * A bare <img> pixel, what most senders use, would make every HTML part under 3200 bytes of
 * text look like image spam to SpamAssassin (HTML_IMAGE_ONLY_04..32, up to 2.8 points).
 */
function openPixel(url: string): (Element | Comment)[] {
  const cell = new Element(
    "td",
    { width: "1", height: "1", background: url, style: `background-image:url('${url}');font-size:1px;line-height:1px;` },
    [new Text("\u00a0")],
  );
  const table = new Element("table", { role: "presentation", width: "1", cellpadding: "0", cellspacing: "0", border: "0" }, [
    new Element("tr", {}, [cell]),
  ]);
  const outlook = new Comment(
    `[if mso]><img src="${escapeAttribute(url)}" width="1" height="1" alt="" style="display:block;border:0" /><![endif]`,
  );
  return [table, outlook];
}
