import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import {
  extractVariables,
  MAX_RENDER_OUTPUT,
  renderTemplate,
  templateComplexityError,
  templateSyntaxError,
  TemplateTooComplexError,
  unfilledVariables,
  validateTemplateSyntax,
  variableRoots,
} from "./render";

const html = (source: string, variables: Record<string, unknown> = {}) => renderTemplate({ subject: "s", html: source }, variables).html;
const subject = (source: string, variables: Record<string, unknown> = {}) =>
  renderTemplate({ subject: source, html: "" }, variables).subject;

describe("renderTemplate", () => {
  it("HTML-escapes {{x}}: tags, quotes and ampersands", () => {
    expect(html("<p>{{x}}</p>", { x: `<script>alert("x")</script>` })).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;&#x2F;script&gt;</p>",
    );
    expect(html("{{x}}", { x: `Tom & Jerry's` })).toBe("Tom &amp; Jerry&#39;s");
    expect(html(`<a title="{{x}}">`, { x: `" onmouseover="alert(1)` })).toBe(`<a title="&quot; onmouseover&#x3D;&quot;alert(1)">`);
  });

  it("leaves {{{x}}} and {{& x}} raw", () => {
    expect(html("{{{x}}}|{{& x}}", { x: "<b>A & B</b>" })).toBe("<b>A & B</b>|<b>A & B</b>");
  });

  it("renders unknown variables as empty", () => {
    expect(html("Hi {{name}}{{{raw}}}{{contact.plan}}!", {})).toBe("Hi !");
    expect(subject("Hello {{missing}}", {})).toBe("Hello");
  });

  it("follows dotted names into nested objects", () => {
    const variables = { contact: { plan: "pro", address: { city: "Oslo" } }, name: "Ada" };
    expect(html("{{name}}: {{contact.plan}} in {{contact.address.city}}", variables)).toBe("Ada: pro in Oslo");
    expect(html("{{#contact}}{{plan}} / {{name}}{{/contact}}", variables)).toBe("pro / Ada");
    expect(html("{{name.length}}", variables)).toBe("3");
  });

  it("renders numbers, booleans and sections over lists; null is empty", () => {
    const variables = { n: 3, yes: true, none: null, items: [{ t: "a" }, { t: "b" }] };
    expect(html("{{n}} {{yes}} [{{none}}]", variables)).toBe("3 true []");
    expect(html("{{#items}}<li>{{t}}</li>{{/items}}{{^none}}empty{{/none}}", variables)).toBe("<li>a</li><li>b</li>empty");
  });

  it("keeps subjects plain text on one line: no escaping, CR/LF and controls become spaces", () => {
    expect(subject("Re: {{x}}", { x: "Tom & <Jerry>" })).toBe("Re: Tom & <Jerry>");
    expect(subject("Hi {{x}}", { x: "you\r\nBcc: victim@example.com" })).toBe("Hi you Bcc: victim@example.com");
    expect(subject("{{{x}}}", { x: "a\u0000b\tc\u2028d\u0085e\n" })).toBe("a b c d e");
    expect(subject("  Hello\r\n{{x}}  ", { x: "" })).toBe("Hello");
  });

  it("renders the text part unescaped and returns null without one", () => {
    const out = renderTemplate({ subject: "s", html: "{{x}}", text: "Hi {{x}}" }, { x: "A & B" });
    expect(out).toEqual({ subject: "s", html: "A &amp; B", text: "Hi A & B" });
    expect(renderTemplate({ subject: "s", html: "h" }, {}).text).toBeNull();
  });

  it("sees only the data itself: no prototype members, no function calls, no partials", () => {
    const variables = { x: "1", list: ["a"] };
    expect(html("[{{constructor}}][{{toString}}][{{hasOwnProperty}}][{{x}}][{{list.map}}][{{__proto__}}]", variables)).toBe(
      "[][][][1][][]",
    );
    expect(html("{{#constructor.constructor}}return 1{{/constructor.constructor}}ok", variables)).toBe("ok");
    expect(html("{{x}}", { x: () => "called" })).toBe("");
    expect(html("a{{> header}}b", variables)).toBe("ab");
  });
});

describe("variable lookup: a dotted name reads the flat key first, then the nested path", () => {
  it("renders {{user.first_name}} the same from a flat key and from a nested object", () => {
    expect(html("Hi {{user.first_name}}", { "user.first_name": "Ada" })).toBe("Hi Ada");
    expect(html("Hi {{user.first_name}}", { user: { first_name: "Ada" } })).toBe("Hi Ada");
    expect(subject("Hi {{user.first_name}}", { "user.first_name": "Ada" })).toBe("Hi Ada");
  });

  it("prefers the flat key when both are there, and falls back to the path when the flat key is missing", () => {
    const both = { "user.first_name": "Flat", user: { first_name: "Nested", last_name: "Lovelace" } };
    expect(html("{{user.first_name}} {{user.last_name}}", both)).toBe("Flat Lovelace");
    expect(html("{{{user.first_name}}}|{{& user.first_name}}", both)).toBe("Flat|Flat");
  });

  it("reads flat keys in sections and in each section's item, walking up as mustache does", () => {
    expect(html("{{#show}}{{user.name}}{{/show}}", { show: true, "user.name": "Ada" })).toBe("Ada");
    expect(html("{{#items}}{{a.b}};{{/items}}", { items: [{ "a.b": "flat" }, { a: { b: "nested" } }], "a.b": "top" })).toBe("flat;nested;");
    expect(html("{{#items}}{{a.b}};{{/items}}", { items: [{}], "a.b": "top" })).toBe("top;");
  });

  it("renders numbers and booleans, flat or nested", () => {
    expect(html("{{order.total}} {{order.paid}} {{n}}", { order: { total: 42.5, paid: false }, n: 0 })).toBe("42.5 false 0");
    expect(html("{{order.total}} {{order.paid}}", { "order.total": 7, "order.paid": true })).toBe("7 true");
  });

  it("keeps own properties only for a flat dotted key", () => {
    const proto = Object.create({ "a.b": "inherited" }) as Record<string, unknown>;
    expect(html("[{{a.b}}]", { x: proto })).toBe("[]");
    expect(html("[{{#x}}{{a.b}}{{/x}}]", { x: proto })).toBe("[]");
  });
});

describe("URLs in {{ }}", () => {
  it("renders a plain URL with only & escaped, so {{url}} and {{{url}}} give the same link", () => {
    const url = "https://mail.example.com/u/abc.DEF_-1?x=1&y=2";
    expect(html(`<a href="{{u}}">`, { u: url })).toBe(`<a href="https://mail.example.com/u/abc.DEF_-1?x=1&amp;y=2">`);
    expect(html(`<a href="{{{u}}}">`, { u: "https://mail.example.com/u/abc" })).toBe(
      html(`<a href="{{u}}">`, { u: "https://mail.example.com/u/abc" }),
    );
    expect(html("{{u}}", { u: "mailto:ann@example.com" })).toBe("mailto:ann@example.com");
  });

  it("escapes anything else fully, URLs with quotes, spaces or tags included", () => {
    expect(html("{{u}}", { u: `https://x.test/" onclick="a` })).toBe("https:&#x2F;&#x2F;x.test&#x2F;&quot; onclick&#x3D;&quot;a");
    expect(html("{{u}}", { u: "https://x.test/<b>" })).toBe("https:&#x2F;&#x2F;x.test&#x2F;&lt;b&gt;");
    expect(html("{{u}}", { u: "javascript:alert(1)//https://x" })).toBe("javascript:alert(1)&#x2F;&#x2F;https:&#x2F;&#x2F;x");
    expect(html("{{u}}", { u: "a/b=c" })).toBe("a&#x2F;b&#x3D;c");
  });
});

describe("unfilledVariables", () => {
  it("names the variables printed outside sections that the values leave empty", () => {
    const sources = ["Hi {{name}} {{user.first_name}}", "{{{raw}}} {{plan}} {{#items}}{{title}}{{/items}} {{n}} {{ok}}"];
    expect(unfilledVariables(sources, { name: "Ada", plan: "", n: 0, ok: false })).toEqual(["plan", "raw", "user.first_name"]);
    expect(unfilledVariables(sources, { name: "Ada", "user.first_name": "A", raw: "r", plan: "p", n: 1, ok: true })).toEqual([]);
    expect(unfilledVariables(["{{user.first_name}}"], { user: { first_name: "Ada" } })).toEqual([]);
  });

  it("is empty for a template that does not parse", () => {
    expect(unfilledVariables(["{{name"], {})).toEqual([]);
  });
});

describe("rendering budget", () => {
  const nested = (levels: number) => `${"{{#a}}".repeat(levels)}x${"{{/a}}".repeat(levels)}`;

  it("renders sections up to the depth limit and refuses deeper ones", () => {
    expect(html(nested(4), { a: [1, 2] })).toBe("x".repeat(16));
    expect(() => html(nested(5), { a: [1] })).toThrow(TemplateTooComplexError);
    expect(() => html(`{{^z}}${nested(4)}{{/z}}`, { a: [1] })).toThrow(/nest more than 4 deep/);
    expect(templateComplexityError(nested(5))).toMatch(/nest more than 4 deep \({{#a}} at line 1, column 25\)/);
    expect(templateComplexityError(nested(4))).toBeNull();
    expect(templateSyntaxError(nested(12))).toBeNull();
  });

  it("stops passes over long lists and output past the size limit", () => {
    const hundred = Array.from({ length: 100 }, () => 1);
    expect(() => html(nested(4), { a: hundred })).toThrow(/steps/);
    const big = "y".repeat(1024 * 1024);
    expect(html("{{x}}", { x: big })).toHaveLength(big.length);
    expect(() => html("{{x}}{{x}}{{x}}", { x: big })).toThrow(new RegExp(`larger than ${MAX_RENDER_OUTPUT / 1024 / 1024} MiB`));
    // The subject, HTML and text share one budget.
    expect(() => renderTemplate({ subject: "s", html: "{{x}}{{x}}", text: "{{x}}" }, { x: big })).toThrow(TemplateTooComplexError);
  });

  it("prints objects and lists as mustache does, without calling anything in the data", () => {
    expect(html("[{{o}}][{{l}}][{{{l}}}]", { o: { toString: "boom" }, l: ["a", null, ["b", 2]] })).toBe(
      "[[object Object]][a,,b,2][a,,b,2]",
    );
  });
});

describe("templateSyntaxError / validateTemplateSyntax", () => {
  it("accepts valid templates", () => {
    expect(templateSyntaxError("Hi {{name}} {{#a}}{{b}}{{/a}} {{{c}}} {{! note }}")).toBeNull();
    expect(templateSyntaxError("no variables at all")).toBeNull();
  });

  it("names the problem and where it is", () => {
    expect(templateSyntaxError("Hi {{name")).toBe("template syntax error: unclosed tag at line 1, column 10");
    expect(templateSyntaxError("<p>\n{{#items}}x")).toMatch(/^template syntax error: unclosed section "items" at line 2/);
    expect(templateSyntaxError("x{{/items}}")).toMatch(/unopened section "items" at line 1, column 2/);
    expect(templateSyntaxError("{{#a}}{{/b}}")).toMatch(/unclosed section "a"/);
    expect(templateSyntaxError("{{> footer}}")).toBe(
      "template syntax error: partials ({{> footer}}) are not supported, at line 1, column 1",
    );
  });

  it("throws a validation_error with a detail per broken field", () => {
    expect(() => validateTemplateSyntax({ subject: "ok {{x}}", htmlBody: "fine" })).not.toThrow();
    try {
      validateTemplateSyntax({ subject: "{{x", htmlBody: "ok", text: "{{#y}}" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe("validation_error");
      expect((error as ApiError).details?.map((d) => d.path)).toEqual(["subject", "text"]);
      expect((error as ApiError).message).toMatch(/^subject: template syntax error: unclosed tag/);
    }
  });
});

describe("extractVariables", () => {
  it("returns sorted unique top-level names from every kind of tag", () => {
    expect(
      extractVariables(
        "Hi {{name}}, {{ contact.plan }}",
        "{{{raw}}} {{& amp}} {{#items}}{{title}}{{.}}{{/items}}{{^empty}}-{{/empty}}{{! comment }}{{name}}",
      ),
    ).toEqual(["amp", "contact", "empty", "items", "name", "raw", "title"]);
  });

  it("is empty for plain text", () => {
    expect(extractVariables("Welcome", "<p>No variables</p>")).toEqual([]);
  });
});

describe("variableRoots", () => {
  const source = "{{name}} {{{raw}}} {{user.first_name}} {{#items}}{{title}}{{.}}{{/items}}{{^empty}}-{{/empty}}{{! note }}";

  it("names every key a render can read, a dotted name both whole and by its first part", () => {
    expect([...variableRoots(source)!].sort()).toEqual(["empty", "items", "name", "raw", "title", "user", "user.first_name"]);
    expect(variableRoots("{{#broken}}")).toBeNull();
  });

  it("renders the same with only those keys as with every variable", () => {
    const variables = {
      name: "Ann",
      raw: "<b>x</b>",
      "user.first_name": "Flat",
      user: { first_name: "Nested" },
      items: [{ title: "one" }, "two"],
      title: "outer",
      city: "Lyon",
      contact: { plan: "pro" },
    };
    const keep = variableRoots(source)!;
    const kept = Object.fromEntries(Object.entries(variables).filter(([key]) => keep.has(key)));
    expect(kept).not.toHaveProperty("city");
    expect(renderTemplate({ subject: "", html: source }, kept).html).toBe(renderTemplate({ subject: "", html: source }, variables).html);
  });
});
