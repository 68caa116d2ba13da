import { describe, expect, it } from "vitest";
import { formMode, stepFormResolver, toFormValues, wireConfigOf, type StepFormValues } from "./step-form";
import type { StepType } from "./graph-types";
import { defaultStepConfig } from "./edit-graph";

async function check(type: StepType, wire: Record<string, unknown>, edit: (v: StepFormValues) => void) {
  const mode = formMode(type, wire);
  const values = toFormValues(type, wire);
  edit(values);
  const result = await stepFormResolver(type, mode, {})(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return { mode, values, errors: result.errors as Record<string, unknown> };
}

describe("the journey step form", () => {
  it("edits a delay as text, and puts the schema's own message on the field", async () => {
    const ok = await check("delay", { minutes: 2880 }, () => {});
    expect(ok.values.fields.duration).toBe("2 days");
    expect(ok.errors).toEqual({});
    const bad = await check("delay", { duration: "1 day" }, (v) => (v.fields.duration = "soon"));
    expect(bad.errors).toEqual({
      fields: { duration: expect.objectContaining({ message: 'duration must be a duration such as "2 days", "PT30M" or {minutes}' }) },
    });
  });

  it("turns a wait's fields back into the API's snake_case config, leaving an empty timeout out", async () => {
    const { mode, values, errors } = await check("wait_for_event", { event_name: "paid", timeout: "3 days" }, (v) => {
      v.fields.timeout = "";
    });
    expect(errors).toEqual({});
    expect(wireConfigOf("wait_for_event", mode, values, {})).toEqual({ event_name: "paid" });
  });

  it("needs an email's subject and body unless a template is set", async () => {
    const empty = await check("send_email", { subject: "", html: "" }, () => {});
    expect(Object.keys(empty.errors)).toEqual(["fields"]);
    const template = await check("send_email", { subject: "", html: "" }, (v) => (v.fields.templateId = "tpl_1"));
    expect(template.errors).toEqual({});
    expect(wireConfigOf("send_email", template.mode, template.values, {})).toEqual({ template: { id: "tpl_1" } });
  });

  it("keeps a new email's design beside the HTML rendered from it, and still needs its subject", async () => {
    const fresh = defaultStepConfig("send_email");
    const blank = await check("send_email", fresh, () => {});
    expect(blank.errors).toEqual({ fields: { subject: expect.objectContaining({ message: "subject must not be blank" }) } });
    const named = await check("send_email", fresh, (v) => (v.fields.subject = "Hello {{name}}"));
    expect(named.errors).toEqual({});
    const wire = wireConfigOf("send_email", named.mode, named.values, {});
    expect(wire).toEqual({ subject: "Hello {{name}}", html: fresh.html, design: fresh.design });
    expect(wire.html).toContain("{{name}}");
    // Switched to code: no design, the HTML as written.
    const code = await check("send_email", fresh, (v) => {
      v.fields.subject = "Hi";
      v.fields.html = "<p>By hand</p>";
      v.design = null;
    });
    expect(wireConfigOf("send_email", code.mode, code.values, {})).toEqual({ subject: "Hi", html: "<p>By hand</p>" });
  });

  it("checks a split's variants, naming the variant at fault", async () => {
    const { errors } = await check(
      "split",
      {
        variants: [
          { name: "A", weight: 50 },
          { name: "B", weight: 50 },
        ],
      },
      (v) => {
        v.variants[1].weight = 0;
      },
    );
    expect(errors).toEqual({ variants: { 1: { weight: expect.objectContaining({ message: expect.any(String) }) } } });
  });

  it("edits a property condition with fields and any other rule as JSON in the API's names", async () => {
    expect(formMode("condition", { type: "rule", field: "plan", operator: "eq", value: "pro" })).toBe("rule");
    const group = { type: "and", rules: [{ type: "event", event_name: "paid" }] };
    expect(formMode("condition", group)).toBe("json");
    const bad = await check("condition", group, (v) => (v.json = "{"));
    expect(bad.errors).toEqual({ json: expect.objectContaining({ message: "This is not valid JSON" }) });
    const exists = await check("condition", { type: "rule", field: "plan", operator: "eq", value: "pro" }, (v) => {
      v.fields.operator = "exists";
    });
    expect(exists.errors).toEqual({});
    expect(wireConfigOf("condition", exists.mode, exists.values, {})).toEqual({ type: "rule", field: "plan", operator: "exists" });
  });
});
