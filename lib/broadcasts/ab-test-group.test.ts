import { describe, expect, it } from "vitest";
import { abTestVariant } from "./ab-test-group";
import { variantSubject } from "./ab-test-schema";

describe("abTestVariant", () => {
  const test = { subjects: ["B subject", "C subject"], sharePercent: 30 };
  const ids = Array.from({ length: 6000 }, (_, i) => `ct_${i.toString(36).padStart(6, "0")}`);

  it("puts about sharePercent of the members in the test group, split evenly between the variants", () => {
    const counts = new Map<string | null, number>();
    for (const id of ids) {
      const v = abTestVariant(test, "bc_one", id);
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const group = ids.length - (counts.get(null) ?? 0);
    expect(group / ids.length).toBeGreaterThan(0.27);
    expect(group / ids.length).toBeLessThan(0.33);
    for (const v of ["A", "B", "C"]) expect((counts.get(v) ?? 0) / group).toBeGreaterThan(0.29);
    expect([...counts.keys()].sort()).toEqual(["A", "B", "C", null].sort());
  });

  it("is the same for the same broadcast and contact, and differs between broadcasts", () => {
    const first = ids.map((id) => abTestVariant(test, "bc_one", id));
    expect(ids.map((id) => abTestVariant(test, "bc_one", id))).toEqual(first);
    expect(ids.map((id) => abTestVariant(test, "bc_two", id))).not.toEqual(first);
  });

  it("keeps a member's place in the group as the share grows", () => {
    for (const id of ids.slice(0, 500)) {
      if (abTestVariant({ subjects: ["b"], sharePercent: 10 }, "bc_one", id))
        expect(abTestVariant({ subjects: ["b"], sharePercent: 50 }, "bc_one", id)).not.toBeNull();
    }
  });
});

describe("variantSubject", () => {
  it("gives A the broadcast's own subject and B.. the listed ones", () => {
    const test = { subjects: ["Second", "Third"] };
    expect(variantSubject(test, "First", "A")).toBe("First");
    expect(variantSubject(test, "First", "B")).toBe("Second");
    expect(variantSubject(test, "First", "C")).toBe("Third");
  });
});
