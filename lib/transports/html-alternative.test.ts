import { describe, expect, it } from "vitest";
import { htmlToPlainText, toHtmlDocument } from "./html-alternative";

describe("toHtmlDocument", () => {
  it("wraps a fragment in a whole document titled with the subject (escaped)", () => {
    const doc = toHtmlDocument("<p>Hi</p>", "Fish & <chips>");
    expect(doc).toMatch(/^<!DOCTYPE html>\n<html><head><meta charset="utf-8">/);
    expect(doc).toContain("<title>Fish &amp; &lt;chips&gt;</title>");
    expect(doc).toMatch(/<body>\n<p>Hi<\/p>\n<\/body><\/html>$/);
  });

  it("gives a fragment the sans-serif system font stack, and keeps the style out of the text part", () => {
    const doc = toHtmlDocument("<p>Hi</p>", "s");
    expect(doc).toMatch(/<style>body\{[^}]*font-family:-apple-system,[^}]*sans-serif;/);
    expect(htmlToPlainText(doc)).toBe("Hi");
  });

  it("keeps a document as is, and gives a bare <body> its <html>", () => {
    const whole = '<html lang="en"><body><p>x</p></body></html>';
    expect(toHtmlDocument(whole, "s")).toBe(whole);
    expect(toHtmlDocument("<body><p>x</p></body>", "s")).toMatch(
      /^<!DOCTYPE html>\n<html><head>.*<\/head><body><p>x<\/p><\/body><\/html>$/,
    );
  });
});

describe("htmlToPlainText", () => {
  it("keeps the words and link targets, drops images and the title", () => {
    const text = htmlToPlainText(
      toHtmlDocument(
        '<h1>Hello</h1><p>Read <a href="https://example.com/a">the post</a>.</p><img src="https://example.com/i.png" alt="logo">',
        "Subject",
      ),
    );
    expect(text).toContain("HELLO");
    expect(text).toContain("Read the post [https://example.com/a].");
    expect(text).not.toContain("Subject");
    expect(text).not.toContain("i.png");
  });
});
