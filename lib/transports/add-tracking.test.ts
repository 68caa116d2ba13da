import { describe, expect, it } from "vitest";
import { addTracking, MAX_TRACKED_LINKS } from "./add-tracking";

describe("addTracking", () => {
  const plan = { pixelUrl: "https://mw.test/t/o/OPEN", trackLink: (href: string) => `https://mw.test/t/c/${encodeURIComponent(href)}` };

  it("rewrites web links, keeps other schemes and unsubscribe links", () => {
    const html = `<html><body><p>Hi &amp; welcome</p><a href="https://example.com/a?x=1&amp;y=2">A</a>
      <a href="mailto:x@y.z">mail</a><a href="#top">top</a><a href="https://mw.test/u/abc">unsubscribe</a></body></html>`;
    const out = addTracking(html, plan);
    expect(out).toContain(`href="https://mw.test/t/c/${encodeURIComponent("https://example.com/a?x=1&y=2")}"`);
    expect(out).toContain('href="mailto:x@y.z"');
    expect(out).toContain('href="#top"');
    expect(out).toContain('href="https://mw.test/u/abc"');
    expect(out).toContain("Hi &amp; welcome");
  });

  it("puts the pixel inside body, or at the end of a fragment", () => {
    const pixel =
      /<table role="presentation"[^>]*><tr><td width="1" height="1" background="https:\/\/mw.test\/t\/o\/OPEN"[^>]*>&nbsp;<\/td><\/tr><\/table><!--\[if mso\]><img src="https:\/\/mw.test\/t\/o\/OPEN" width="1" height="1"[^>]*><!\[endif\]-->/;
    expect(addTracking("<html><body><p>x</p></body></html>", plan)).toMatch(new RegExp(`${pixel.source}</body></html>$`));
    expect(addTracking("<p>x</p>", plan)).toMatch(new RegExp(`^<p>x</p>${pixel.source}$`));
    // The only <img> is inside Outlook's conditional comment: SpamAssassin, like every other
    // client, reads a comment there, and would read a bare image in a short HTML part as image spam.
    expect(addTracking("<p>x</p>", plan).replace(/<!--[\s\S]*?-->/g, "")).not.toContain("<img");
  });

  it(`tracks the first ${MAX_TRACKED_LINKS} links of a message and sends the rest as written`, () => {
    const links = Array.from({ length: MAX_TRACKED_LINKS + 50 }, (_, i) => `<a href="https://example.com/${i}">${i}</a>`);
    const out = addTracking(`<p>${links.join("")}</p>`, { trackLink: plan.trackLink });
    expect(out.match(/https:\/\/mw\.test\/t\/c\//g)).toHaveLength(MAX_TRACKED_LINKS);
    expect(out).toContain(`href="https://mw.test/t/c/${encodeURIComponent(`https://example.com/${MAX_TRACKED_LINKS - 1}`)}"`);
    expect(out).toContain(`href="https://example.com/${MAX_TRACKED_LINKS}"`);
  });

  it("does not touch links hidden in text or comments", () => {
    const out = addTracking(`<p>see https://example.com</p><!-- <a href="https://x.y">x</a> -->`, { trackLink: plan.trackLink });
    expect(out).toBe(`<p>see https://example.com</p><!-- <a href="https://x.y">x</a> -->`);
  });

  it("returns the html untouched when tracking is off", () => {
    expect(addTracking("<p a=b>x", {})).toBe("<p a=b>x");
  });
});
