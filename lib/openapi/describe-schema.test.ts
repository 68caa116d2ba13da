import { describe, expect, it } from "vitest";
import { MAX_SCHEMA_DEPTH, propertyRows, schemaShapes, typeLabel, type JsonSchema } from "./describe-schema";
import { openApiDocument } from "./build-document";

const components: Record<string, unknown> = {
  Tag: { type: "object", properties: { label: { type: "string" } }, required: ["label"] },
  Node: {
    type: "object",
    properties: { id: { type: "string" }, child: { $ref: "#/components/schemas/Node" } },
  },
};

describe("typeLabel", () => {
  it("names references, arrays, unions, formats and constants", () => {
    expect(typeLabel({ $ref: "#/components/schemas/Tag" }, components)).toBe("Tag");
    expect(typeLabel({ type: "array", items: { type: "string" } }, components)).toBe("string[]");
    expect(typeLabel({ anyOf: [{ type: "string" }, { type: "null" }] }, components)).toBe("string | null");
    expect(typeLabel({ type: "string", format: "date-time" }, components)).toBe("string (date-time)");
    expect(typeLabel({ const: "email.sent" }, components)).toBe('"email.sent"');
    expect(typeLabel({}, components)).toBe("any");
  });
});

describe("propertyRows", () => {
  it("lists properties with required marks, enum values and nested objects", () => {
    const schema: JsonSchema = {
      type: "object",
      required: ["to"],
      properties: {
        to: { type: "string", description: "Recipient" },
        kind: { type: "string", enum: ["a", "b"] },
        tags: { type: "array", items: { $ref: "#/components/schemas/Tag" } },
      },
    };
    const rows = propertyRows(schema, components);
    expect(rows.map((r) => [r.name, r.type, r.required])).toEqual([
      ["to", "string", true],
      ["kind", "enum", false],
      ["tags", "Tag[]", false],
    ]);
    expect(rows[0].description).toBe("Recipient");
    expect(rows[1].values).toEqual(['"a"', '"b"']);
    expect(rows[2].children).toEqual([{ name: "label", type: "string", required: true, children: [] }]);
  });

  it("names a recursive schema instead of expanding it again, and stops at the depth limit", () => {
    const rows = propertyRows({ $ref: "#/components/schemas/Node" }, components, 0, ["Node"]);
    expect(rows.find((r) => r.name === "child")).toMatchObject({ type: "Node", children: [] });
    let depth = 0;
    let level = propertyRows({ $ref: "#/components/schemas/Node" }, components);
    while (level.find((r) => r.name === "child")?.children.length) {
      level = level.find((r) => r.name === "child")!.children;
      depth++;
    }
    expect(depth).toBeLessThan(MAX_SCHEMA_DEPTH);
  });

  it("gives a union of objects one shape per alternative", () => {
    const union: JsonSchema = {
      anyOf: [
        { type: "object", properties: { contactId: { type: "string" } }, required: ["contactId"] },
        { type: "object", properties: { email: { type: "string" }, name: { type: "string" } } },
      ],
    };
    expect(schemaShapes(union, components).map((rows) => rows.map((r) => r.name))).toEqual([["contactId"], ["email", "name"]]);
    expect(schemaShapes({ type: "string" }, components)).toEqual([]);
  });

  it("describes every request body of the document with at least one row", () => {
    const doc = openApiDocument();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods as Record<string, JsonSchema>)) {
        const body = (op.requestBody as JsonSchema | undefined)?.content as Record<string, JsonSchema> | undefined;
        const schema = body?.["application/json"]?.schema as JsonSchema | undefined;
        if (!schema) continue;
        const shapes = schemaShapes(schema, doc.components.schemas);
        expect(shapes.flat().length, `${method.toUpperCase()} ${path}`).toBeGreaterThan(0);
      }
    }
  });
});
