import { describe, expect, it } from "vitest";
import type { Automation } from "@/lib/hooks/use-automations";
import { triggerConfigOf, triggerFormDefaults, triggerFormResolver, type TriggerFormValues } from "./trigger-form";

const empty: TriggerFormValues = {
  triggerType: "list_join",
  listName: "",
  segmentId: "",
  eventName: "",
  property: "",
  value: "",
  from: "",
  to: "",
};

describe("triggerConfigOf", () => {
  it("keeps only the fields the trigger type uses", () => {
    expect(triggerConfigOf({ ...empty, listName: "Friends", eventName: "ignored" })).toEqual({ listName: "Friends" });
    expect(triggerConfigOf({ ...empty, triggerType: "event", eventName: "signed_up" })).toEqual({ eventName: "signed_up" });
    expect(triggerConfigOf({ ...empty, triggerType: "property_equals", property: "plan", value: "pro" })).toEqual({
      property: "plan",
      value: "pro",
    });
  });

  it("leaves out an empty side of a property change (any value)", () => {
    expect(triggerConfigOf({ ...empty, triggerType: "property_changed", property: "plan", to: "pro" })).toEqual({
      property: "plan",
      to: "pro",
    });
  });
});

describe("triggerFormResolver", () => {
  const resolve = (values: TriggerFormValues) => triggerFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it("passes a valid trigger through", async () => {
    const values = { ...empty, listName: "Friends" };
    expect(await resolve(values)).toEqual({ values, errors: {} });
  });

  it("puts the API schema's message on the field it names", async () => {
    const result = await resolve({ ...empty, triggerType: "event" });
    expect(result.values).toEqual({});
    expect(result.errors.eventName?.message).toEqual(expect.any(String));
  });
});

describe("triggerFormDefaults", () => {
  it("fills the fields from the trigger's config and leaves the others empty", () => {
    const automation = { triggerType: "event", triggerConfig: { eventName: "signed_up" } } as unknown as Automation;
    expect(triggerFormDefaults(automation)).toEqual({ ...empty, triggerType: "event", eventName: "signed_up" });
  });
});
