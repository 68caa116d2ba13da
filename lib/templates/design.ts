import { z } from "zod";

// A template's visual design: the blocks the dashboard's visual editor edits, stored as JSON
// beside the HTML rendered from it (render-design-html.ts), so the template can be edited again
// without loss. Rich text is ProseMirror's JSON (what the editor's rich-text core keeps) limited
// to the nodes and marks the renderer knows; lists nest at most LIST_MAX_DEPTH levels, which the
// schema spells out level by level rather than recursing, so a deep document cannot exhaust the
// validator's stack.
//
// Pure (no server-only imports): the dashboard validates and renders with it too.

export const DESIGN_VERSION = 1;
export const DESIGN_MAX_BLOCKS = 200;
export const DESIGN_MAX_BYTES = 256 * 1024;
export const LIST_MAX_DEPTH = 3;
export const EMAIL_WIDTH = 600;

// A mustache tag name as the templates document it (schemas.ts): dotted for nested values.
export const VARIABLE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_-]*(\.[A-Za-z0-9_][A-Za-z0-9_-]*)*$/;

// Where a link, button or image may point: an absolute http(s) or mailto URL (variables allowed
// inside it), or a whole variable ({{unsubscribe_url}}). No whitespace, quotes or angle
// brackets: the value always sits inside a quoted attribute.
const URL_PATTERN = /^(?:https?:\/\/|mailto:|\{\{\{?\s*[A-Za-z0-9_][A-Za-z0-9_.-]*\s*\}?\}\})[^\s"'<>`\\]*$/i;
const IMAGE_SRC_PATTERN = /^(?:https?:\/\/|\{\{\{?\s*[A-Za-z0-9_][A-Za-z0-9_.-]*\s*\}?\}\})[^\s"'<>`\\]*$/i;

export const linkHrefSchema = z
  .string()
  .max(2000, "links are at most 2000 characters")
  .regex(URL_PATTERN, "links start with https://, http://, mailto: or a {{variable}}");

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, "colours are written #rrggbb");
const alignSchema = z.enum(["left", "center", "right"]);
const idSchema = z.string().min(1).max(64);

const textSchema = z.object({
  type: z.literal("text"),
  text: z.string().min(1).max(20_000),
  marks: z
    .array(
      z.discriminatedUnion("type", [
        z.object({ type: z.literal("bold") }),
        z.object({ type: z.literal("italic") }),
        z.object({ type: z.literal("link"), attrs: z.object({ href: linkHrefSchema }).loose() }),
      ]),
    )
    .max(3)
    .optional(),
});

const variableSchema = z.object({
  type: z.literal("variable"),
  attrs: z.object({
    name: z.string().max(200).regex(VARIABLE_NAME, "variable names use letters, digits, _ and -, with dots for nested values"),
    // Shown when the variable is empty. No braces: it is written inside a mustache section.
    fallback: z
      .string()
      .max(200)
      .refine((s) => !/[{}]/.test(s), "a fallback cannot contain { or }")
      .default(""),
  }),
});

const hardBreakSchema = z.object({ type: z.literal("hardBreak") });
const inlineSchema = z.discriminatedUnion("type", [textSchema, variableSchema, hardBreakSchema]);

const paragraphSchema = z.object({
  type: z.literal("paragraph"),
  content: z.array(inlineSchema).max(2000).optional(),
});

// Lists level by level (LIST_MAX_DEPTH): an item holds paragraphs and lists of the next level.
function listSchema<T extends z.ZodType>(itemContent: T) {
  const item = z.object({ type: z.literal("listItem"), content: z.array(itemContent).min(1).max(100) });
  return z.discriminatedUnion("type", [
    z.object({ type: z.literal("bulletList"), content: z.array(item).min(1).max(200) }),
    z.object({
      type: z.literal("orderedList"),
      attrs: z.object({ start: z.number().int().optional() }).loose().optional(),
      content: z.array(item).min(1).max(200),
    }),
  ]);
}
const list3 = listSchema(paragraphSchema);
const list2 = listSchema(z.union([paragraphSchema, list3]));
const list1 = listSchema(z.union([paragraphSchema, list2]));

export const richTextSchema = z.object({
  type: z.literal("doc"),
  content: z.array(z.union([paragraphSchema, list1])).max(500),
});

/** Paragraphs only: headings, the footer's note. */
export const inlineDocSchema = z.object({
  type: z.literal("doc"),
  content: z.array(paragraphSchema).max(50),
});

const headingBlock = z.object({
  id: idSchema,
  type: z.literal("heading"),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  align: alignSchema.default("left"),
  content: inlineDocSchema,
});
const textBlock = z.object({ id: idSchema, type: z.literal("text"), content: richTextSchema });
const buttonBlock = z.object({
  id: idSchema,
  type: z.literal("button"),
  label: z.string().trim().min(1, "a button needs a label").max(200),
  href: linkHrefSchema,
  align: alignSchema.default("left"),
  color: colorSchema.optional(),
});
const imageBlock = z.object({
  id: idSchema,
  type: z.literal("image"),
  src: z.string().max(2000).regex(IMAGE_SRC_PATTERN, "an image's address starts with https://, http:// or a {{variable}}"),
  alt: z.string().max(500).default(""),
  width: z.number().int().min(16).max(EMAIL_WIDTH).optional(),
  href: linkHrefSchema.optional(),
  align: alignSchema.default("center"),
});
const dividerBlock = z.object({ id: idSchema, type: z.literal("divider") });
const spacerBlock = z.object({ id: idSchema, type: z.literal("spacer"), height: z.number().int().min(4).max(160) });

const columnBlockSchema = z.discriminatedUnion("type", [headingBlock, textBlock, buttonBlock, imageBlock, dividerBlock, spacerBlock]);
const columnsBlock = z.object({
  id: idSchema,
  type: z.literal("columns"),
  columns: z.tuple([z.array(columnBlockSchema).max(20), z.array(columnBlockSchema).max(20)]),
});
const footerBlock = z.object({
  id: idSchema,
  type: z.literal("footer"),
  content: inlineDocSchema,
  address: z.string().max(500).default(""),
  unsubscribeLabel: z.string().trim().min(1).max(100).default("Unsubscribe"),
});

export const designBlockSchema = z.discriminatedUnion("type", [
  headingBlock,
  textBlock,
  buttonBlock,
  imageBlock,
  dividerBlock,
  spacerBlock,
  columnsBlock,
  footerBlock,
]);

export const designThemeSchema = z.object({
  background: colorSchema.default("#f4f4f5"),
  surface: colorSchema.default("#ffffff"),
  text: colorSchema.default("#18181b"),
  accent: colorSchema.default("#18181b"),
});

export const designSchema = z
  .object({
    version: z.literal(DESIGN_VERSION),
    theme: designThemeSchema.prefault({}),
    blocks: z.array(designBlockSchema).max(DESIGN_MAX_BLOCKS, `a design holds at most ${DESIGN_MAX_BLOCKS} blocks`),
  })
  .meta({
    description:
      "The visual editor's document (blocks: heading, text, button, image, divider, spacer, columns, footer; rich text as ProseMirror JSON with `variable` nodes). When sent, htmlBody is rendered from it.",
  });

export type Design = z.output<typeof designSchema>;
export type DesignInput = z.input<typeof designSchema>;
export type DesignBlock = z.output<typeof designBlockSchema>;
export type ColumnBlock = z.output<typeof columnBlockSchema>;
export type DesignTheme = z.output<typeof designThemeSchema>;
export type RichDoc = z.output<typeof richTextSchema>;
export type InlineDoc = z.output<typeof inlineDocSchema>;
export type Paragraph = z.output<typeof paragraphSchema>;
export type Inline = z.output<typeof inlineSchema>;
export type BlockType = DesignBlock["type"];
