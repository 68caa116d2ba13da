import { describe, expect, it } from "vitest";
import { withLinksInNewTab } from "./links-in-new-tab";

const BASE = '<base target="_blank">';

describe("withLinksInNewTab", () => {
  it("puts the base target first in the head", () => {
    expect(withLinksInNewTab('<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><a href="#">a</a></body></html>')).toBe(
      `<!DOCTYPE html><html lang="en"><head>${BASE}<title>x</title></head><body><a href="#">a</a></body></html>`,
    );
  });

  it("takes the head even when it has attributes, and not a <header>", () => {
    expect(withLinksInNewTab('<html><head data-x="1"><meta charset="utf-8"></head><body><header>h</header></body></html>')).toBe(
      `<html><head data-x="1">${BASE}<meta charset="utf-8"></head><body><header>h</header></body></html>`,
    );
    expect(withLinksInNewTab("<html><body><header>h</header></body></html>")).toBe(`<html>${BASE}<body><header>h</header></body></html>`);
  });

  it("keeps a doctype first, so the document stays in standards mode", () => {
    expect(withLinksInNewTab("<!doctype html><body>hi</body>")).toBe(`<!doctype html>${BASE}<body>hi</body>`);
  });

  it("prepends to a bare fragment", () => {
    expect(withLinksInNewTab('<p><a href="https://x.test">x</a></p>')).toBe(`${BASE}<p><a href="https://x.test">x</a></p>`);
  });
});
