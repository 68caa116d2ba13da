import { describe, expect, it } from "vitest";
import { activationMessages, errorsFromDetails, hasUnsavedWork, sameContent } from "./builder-state";

describe("sameContent", () => {
  it("ignores the timestamps a save moves on", () => {
    const a = { name: "A", updatedAt: "2026-01-01", steps: [{ id: "s1", createdAt: "x", subject: "Hi" }] };
    const b = { name: "A", updatedAt: "2026-02-02", steps: [{ id: "s1", createdAt: "y", subject: "Hi" }] };
    expect(sameContent(a, b)).toBe(true);
  });

  it("sees a changed field, a step's included", () => {
    const a = { name: "A", steps: [{ id: "s1", subject: "Hi" }] };
    expect(sameContent(a, { ...a, name: "B" })).toBe(false);
    expect(sameContent(a, { ...a, steps: [{ id: "s1", subject: "Hello" }] })).toBe(false);
  });
});

describe("hasUnsavedWork", () => {
  const clean = { panelDirty: false, headerDirty: false, save: { state: "saved" as const } };

  it("is false when every form is stored and no save is under way", () => {
    expect(hasUnsavedWork(clean)).toBe(false);
    expect(hasUnsavedWork({ ...clean, save: { state: "idle" } })).toBe(false);
  });

  it("is true for typing in the open node or the header, and while a save is on its way", () => {
    expect(hasUnsavedWork({ ...clean, panelDirty: true })).toBe(true);
    expect(hasUnsavedWork({ ...clean, headerDirty: true })).toBe(true);
    expect(hasUnsavedWork({ ...clean, save: { state: "saving" } })).toBe(true);
  });

  it("a failed save with nothing typed since has nothing left to lose", () => {
    expect(hasUnsavedWork({ ...clean, save: { state: "error", message: "x" } })).toBe(false);
  });
});

describe("activation problems", () => {
  const automation = { steps: [{ id: "s1" }, { id: "s2" }] };

  it("land on the step or the trigger they name", () => {
    const errors = errorsFromDetails(automation, [
      { path: "steps.1.templateId", message: "Pick a template" },
      { path: "triggerConfig.listId", message: "Pick a list" },
      { path: "from", message: "Set a sender" },
    ]);
    expect(errors).toEqual({ trigger: "Pick a list", steps: { s2: { email: "Pick a template" } } });
  });

  it("a step past the end is not placed on any node", () => {
    expect(errorsFromDetails(automation, [{ path: "steps.7.subject", message: "x" }])).toEqual({ steps: {} });
  });

  it("read with the email's number", () => {
    expect(
      activationMessages([
        { path: "steps.0.subject", message: "Add a subject" },
        { path: "from", message: "Set a sender" },
      ]),
    ).toEqual(["Email 1: Add a subject", "Set a sender"]);
  });
});
