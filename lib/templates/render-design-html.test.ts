import { describe, expect, it } from "vitest";
import { doIUseEmail } from "@jsx-email/doiuse-email";
import { designSchema, type DesignInput } from "./design";
import { renderTemplate, templateSyntaxError } from "./render";
import { escapeHtmlText, readableOn, renderDesignHtml, variableTag } from "./render-design-html";
import { starterDesign } from "./starter-design";
import { htmlToPlainText } from "@/lib/transports/html-alternative";

const p = (...content: unknown[]) => ({ type: "paragraph", content });
const t = (text: string, marks?: unknown[]) => ({ type: "text", text, ...(marks ? { marks } : {}) });
const doc = (...content: unknown[]) => ({ type: "doc" as const, content: content as never[] });

// Every kind of block and mark, with a variable, a list and two columns.
function everyBlock(): DesignInput {
  return designSchema.parse({
    version: 1,
    blocks: [
      { id: "h", type: "heading", level: 2, align: "center", content: doc(p(t("Spring "), t("news", [{ type: "italic" }]))) },
      {
        id: "t",
        type: "text",
        content: doc(
          p(t("Hi "), { type: "variable", attrs: { name: "user.first_name", fallback: "friend" } }, t("!")),
          p(t("Read "), t("the post", [{ type: "bold" }, { type: "link", attrs: { href: "https://acme.example/post?a=1&b=2" } }])),
          {
            type: "bulletList",
            content: [
              {
                type: "listItem",
                content: [p(t("one")), { type: "orderedList", content: [{ type: "listItem", content: [p(t("one.a"))] }] }],
              },
            ],
          },
          { type: "paragraph" },
        ),
      },
      { id: "b", type: "button", label: "Shop now", href: "https://acme.example/shop", align: "center", color: "#fde047" },
      { id: "i", type: "image", src: "https://acme.example/hero.png", alt: "Spring hero", width: 480, href: "https://acme.example" },
      { id: "d", type: "divider" },
      { id: "s", type: "spacer", height: 24 },
      {
        id: "c",
        type: "columns",
        columns: [
          [{ id: "c1", type: "text", content: doc(p(t("Left column"))) }],
          [{ id: "c2", type: "button", label: "Right", href: "{{action_url}}" }],
        ],
      },
      {
        id: "f",
        type: "footer",
        content: doc(p(t("Sent to you by Acme"))),
        address: "Acme Inc.\n1 Main Street",
        unsubscribeLabel: "Unsubscribe",
      },
    ],
  });
}

const render = (input: DesignInput) => renderDesignHtml(designSchema.parse(input));

describe("renderDesignHtml", () => {
  it("renders every block as a table layout with inline styles only, and the same every time", () => {
    const html = render(everyBlock());
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).not.toMatch(/<style|<link|<script|class=/i);
    expect(html).toContain('<h2 style="margin:0;');
    expect(html).toContain("<em>news</em>");
    expect(html).toContain("<strong>the post</strong>");
    expect(html).toContain('href="https://acme.example/post?a=1&amp;b=2"');
    expect(html).toMatch(/<ul [^>]*><li [^>]*>one<ol [^>]*><li [^>]*>one\.a<\/li><\/ol><\/li><\/ul>/);
    expect(html).toContain(">Shop now</a>");
    expect(html).toContain('width="480" style="display:block;width:100%;max-width:480px;');
    expect(html).toContain('<a href="{{{unsubscribe_url}}}"');
    expect(html).toContain("Acme Inc.<br>1 Main Street");
    // Two columns side by side that wrap on a phone.
    expect(html.match(/display:inline-block;width:100%;max-width:276px/g)).toHaveLength(2);
    expect(render(everyBlock())).toBe(html);
  });

  it("writes a variable with a fallback as a mustache section the service renders", () => {
    expect(variableTag("name")).toBe("{{name}}");
    expect(variableTag("name", "there")).toBe("{{#name}}{{name}}{{/name}}{{^name}}there{{/name}}");
    const html = render(everyBlock());
    expect(templateSyntaxError(html)).toBeNull();
    expect(renderTemplate({ subject: "s", html }, { user: { first_name: "Ada" } }).html).toContain("Hi Ada!");
    expect(renderTemplate({ subject: "s", html }, { "user.first_name": "<b>Bo</b>" }).html).toContain("Hi &lt;b&gt;Bo&lt;&#x2F;b&gt;!");
    expect(renderTemplate({ subject: "s", html }, {}).html).toContain("Hi friend!");
    expect(renderTemplate({ subject: "s", html }, { user: { first_name: "" } }).html).toContain("Hi friend!");
  });

  it("escapes what the writer typed, and a link that is not http(s), mailto or a variable never gets in", () => {
    const input = starterDesign();
    const html = render({
      ...input,
      blocks: [{ id: "x", type: "text", content: doc(p(t(`<script>alert("x")</script> & 'q'`))) }],
    });
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;");
    expect(escapeHtmlText("{{name}}")).toBe("{{name}}");
    for (const href of ["javascript:alert(1)", 'https://a.example/" onclick="x', "data:text/html,x", " https://a.example"]) {
      const parsed = designSchema.safeParse({ ...input, blocks: [{ id: "b", type: "button", label: "Go", href }] });
      expect(parsed.success, href).toBe(false);
    }
    const fallback = designSchema.safeParse({
      ...input,
      blocks: [{ id: "x", type: "text", content: doc(p({ type: "variable", attrs: { name: "a", fallback: "{{/a}}" } })) }],
    });
    expect(fallback.success).toBe(false);
  });

  it("refuses lists deeper than three levels and unknown nodes", () => {
    const item = (inner?: unknown) => ({ type: "listItem", content: inner ? [p(t("x")), inner] : [p(t("x"))] });
    const list = (inner?: unknown) => ({ type: "bulletList", content: [item(inner)] });
    const withText = (node: unknown) => ({ version: 1, blocks: [{ id: "x", type: "text", content: doc(node) }] });
    expect(designSchema.safeParse(withText(list(list(list())))).success).toBe(true);
    expect(designSchema.safeParse(withText(list(list(list(list()))))).success).toBe(false);
    expect(designSchema.safeParse(withText({ type: "codeBlock", content: [t("x")] })).success).toBe(false);
  });

  it("picks readable button text for the colour", () => {
    expect(readableOn("#18181b")).toBe("#ffffff");
    expect(readableOn("#fde047")).toBe("#18181b");
  });

  it("gives a readable text/plain part, as every HTML email gets", () => {
    const html = renderTemplate(
      { subject: "s", html: render(everyBlock()) },
      { user: { first_name: "Ada" }, unsubscribe_url: "https://u.example/x" },
    ).html;
    const text = htmlToPlainText(html);
    expect(text).toContain("Hi Ada!");
    expect(text).toContain("SPRING NEWS");
    expect(text).toMatch(/Shop now/);
    expect(text).toContain("https://u.example/x");
  });
});

// The caniemail data (through @jsx-email/doiuse-email) for the clients most mail is read in.
// Allowed: what degrades without harm. Square corners where border-radius is unsupported, the
// role attribute (an accessibility hint) ignored, <body> dropped by clients that replace it (the
// wrapper table carries the background too), and links underlined in ProtonMail for iOS.
const CLIENTS = ["apple-mail.*", "gmail.*", "outlook.*", "yahoo.*", "samsung-email.*", "thunderbird.*", "protonmail.*", "fastmail.*"];
const ALLOWED = [
  /^`border-radius` is not supported by `outlook\.windows(-mail)?`$/,
  /^`role attribute` is not supported by `outlook\.windows-mail`$/,
  /^`<body> element` is not supported by /,
  /^`text-decoration` is not supported by `protonmail\.ios`$/,
];

describe("caniemail", () => {
  it("finds nothing unsupported in the editor's output beyond what degrades without harm", () => {
    for (const design of [everyBlock(), starterDesign()]) {
      const result = doIUseEmail(render(design), { emailClients: CLIENTS });
      const errors = result.success ? [] : result.errors;
      expect(errors.filter((e) => !ALLOWED.some((allowed) => allowed.test(e)))).toEqual([]);
    }
  });

  it("fails on a feature the clients do not support", () => {
    const html = render(everyBlock()).replace('<h2 style="', '<h2 style="display:flex;position:absolute;');
    const result = doIUseEmail(html, { emailClients: CLIENTS });
    const errors = result.success ? [] : result.errors;
    expect(errors.filter((e) => !ALLOWED.some((allowed) => allowed.test(e))).length).toBeGreaterThan(0);
  });
});
