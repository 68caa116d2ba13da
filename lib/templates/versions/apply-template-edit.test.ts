import { describe, expect, it } from "vitest";
import { starterDesign } from "../starter-design";
import { templateDesignSchema } from "../schemas";
import { applyTemplateEdit } from "./apply-template-edit";
import type { TemplateContent } from "./template-content";

const base: TemplateContent = {
  name: "Welcome",
  subject: "Hi {{name}}",
  htmlBody: "<p>{{name}}</p>",
  text: null,
  design: null,
  variables: ["name"],
  typedVariables: null,
  from: null,
  replyTo: [],
};

describe("applyTemplateEdit", () => {
  it("changes only the fields given and re-derives variables from a new subject or body", () => {
    expect(applyTemplateEdit(base, { name: "Renamed" })).toEqual({ ...base, name: "Renamed" });
    expect(applyTemplateEdit(base, { subject: "Hello {{first}}" }).variables).toEqual(["first", "name"]);
    expect(applyTemplateEdit(base, { htmlBody: "<p>{{plan}}</p>", variables: ["x"] }).variables).toEqual(["x"]);
  });

  it("a design renders the body; htmlBody or design null drops the design", () => {
    const design = templateDesignSchema.parse(starterDesign());
    const visual = applyTemplateEdit(base, { design });
    expect(visual.design).toEqual(design);
    expect(visual.htmlBody).toContain("Welcome aboard");
    expect(applyTemplateEdit(visual, { htmlBody: "<p>code</p>" })).toMatchObject({ design: null, htmlBody: "<p>code</p>" });
    expect(applyTemplateEdit(visual, { design: null })).toMatchObject({ design: null, htmlBody: visual.htmlBody });
    expect(applyTemplateEdit(visual, { name: "Kept" }).design).toEqual(design);
  });
});
