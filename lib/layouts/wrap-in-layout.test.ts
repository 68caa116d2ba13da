import { describe, expect, it } from "vitest";
import { renderTemplate } from "@/lib/templates/render";
import { wrapInLayout } from "./wrap-in-layout";
import type { LayoutContent } from "./layout-content";

const layout: LayoutContent = {
  headerText: "Acme <Tools>",
  logoUrl: null,
  footerText: "You signed up at acme.com",
  address: "1 Main St\nSpringfield",
  brandColor: "#1d4ed8",
  font: "georgia",
};

describe("wrapInLayout", () => {
  it("puts the body between the header and the footer, the layout's texts escaped", () => {
    const html = wrapInLayout("<p>Hello</p>", layout, { unsubscribeUrl: "https://x.test/u/abc" });
    const header = html.indexOf("Acme &lt;Tools&gt;");
    expect(header).toBeGreaterThan(-1);
    expect(html.indexOf("<p>Hello</p>")).toBeGreaterThan(header);
    expect(html.indexOf("You signed up at acme.com")).toBeGreaterThan(html.indexOf("<p>Hello</p>"));
    expect(html).toContain("1 Main St<br>Springfield");
    expect(html).toContain('href="https://x.test/u/abc"');
    expect(html).toContain("border-top:4px solid #1d4ed8");
    expect(html).toContain("Georgia");
    expect(html).not.toContain("<Tools>");
  });

  it("adds no second unsubscribe link when the body has its own", () => {
    const url = "https://x.test/u/abc?a=1&b=2";
    const body = renderTemplate({ subject: "", html: '<a href="{{unsubscribe_url}}">Leave</a>' }, { unsubscribe_url: url }).html;
    const html = wrapInLayout(body, layout, { unsubscribeUrl: url });
    expect(html.match(/u\/abc/g)).toHaveLength(1);
  });

  it("wraps a whole document from inside its body, so it stays one document", () => {
    const doc =
      '<!DOCTYPE html><html><head><title>t</title></head><body style="margin:0"><table><tr><td>Hi</td></tr></table></body></html>';
    const html = wrapInLayout(doc, layout);
    expect(html.match(/<body/g)).toHaveLength(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    expect(html.indexOf("Acme &lt;Tools&gt;")).toBeGreaterThan(html.indexOf("<body"));
    expect(html.indexOf("<td>Hi</td>")).toBeGreaterThan(html.indexOf("Acme &lt;Tools&gt;"));
  });

  it("shows the logo instead of the header text, and ignores a colour or logo that is not one", () => {
    const html = wrapInLayout("<p>x</p>", { ...layout, logoUrl: "https://cdn.test/logo.png", brandColor: "red;x:y" });
    expect(html).toContain('<img src="https://cdn.test/logo.png" alt="Acme &lt;Tools&gt;"');
    expect(html).not.toContain("red;x:y");
    expect(wrapInLayout("<p>x</p>", { ...layout, logoUrl: "javascript:alert(1)" })).not.toContain("javascript:");
  });

  it("is applied by renderTemplate only when a layout is given, and never to an empty body", () => {
    expect(renderTemplate({ subject: "s", html: "<p>{{name}}</p>" }, { name: "Ann" }).html).toBe("<p>Ann</p>");
    expect(renderTemplate({ subject: "s", html: "<p>{{name}}</p>" }, { name: "Ann" }, { layout }).html).toContain("Acme &lt;Tools&gt;");
    expect(renderTemplate({ subject: "s", html: "" }, {}, { layout }).html).toBe("");
  });
});
