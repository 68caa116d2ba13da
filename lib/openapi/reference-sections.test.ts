import { describe, expect, it } from "vitest";
import { openApiDocument } from "./build-document";
import { referenceSections } from "./reference-sections";

describe("referenceSections", () => {
  it("lists every operation of the document once, under its tag, in the tags' order", () => {
    const doc = openApiDocument();
    const sections = referenceSections(doc);
    const listed = sections.flatMap((s) => s.operations.map((o) => `${o.method} ${o.path}`));
    const inDocument = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods as object).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(inDocument.sort());
    expect(sections[0].tag).toBe(doc.tags[0].name);
    const send = sections.flatMap((s) => s.operations).find((o) => o.method === "POST" && o.path === "/emails")!;
    expect(send.bodyShapes.flat().map((r) => r.name)).toContain("to");
    expect(send.responses.map((r) => r.status)).toContain("401");
    expect(send.scopes).toContain("send:email");
  });
});
