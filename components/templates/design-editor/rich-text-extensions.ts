import { mergeAttributes, Node } from "@tiptap/core";
import Document from "@tiptap/extension-document";
import Paragraph from "@tiptap/extension-paragraph";
import Text from "@tiptap/extension-text";
import Bold from "@tiptap/extension-bold";
import Italic from "@tiptap/extension-italic";
import HardBreak from "@tiptap/extension-hard-break";
import Link from "@tiptap/extension-link";
import { BulletList, ListItem, ListKeymap, OrderedList } from "@tiptap/extension-list";
import { linkHrefSchema } from "@/lib/templates/design";

/**
 * A merge variable in the text: one atom (a chip) that the renderer writes as {{name}}, or as a
 * section with its fallback for an empty value.
 */
export const VariableNode = Node.create({
  name: "variable",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      name: { default: "name" },
      fallback: { default: "" },
    };
  },
  parseHTML() {
    return [
      {
        tag: "span[data-variable]",
        getAttrs: (el) => ({ name: (el as HTMLElement).dataset.variable, fallback: (el as HTMLElement).dataset.fallback ?? "" }),
      },
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const { name, fallback } = node.attrs as { name: string; fallback: string };
    return [
      "span",
      mergeAttributes(HTMLAttributes, {
        "data-variable": name,
        "data-fallback": fallback,
        class: "variable-chip",
        title: fallback ? `{{${name}}}, or “${fallback}” when empty` : `{{${name}}}`,
      }),
      fallback ? `${name} · ${fallback}` : name,
    ];
  },
  renderText({ node }) {
    return `{{${node.attrs.name as string}}}`;
  },
});

const isSafeHref = (url: string) => linkHrefSchema.safeParse(url).success;

/** What a rich-text field can hold: lists only in the rich variant; links only to safe addresses. */
export function richTextExtensions(variant: "rich" | "inline") {
  const base = [
    Document,
    Paragraph,
    Text,
    Bold,
    Italic,
    HardBreak,
    VariableNode,
    Link.configure({ openOnClick: false, autolink: false, linkOnPaste: false, isAllowedUri: (url) => isSafeHref(url) }),
  ];
  return variant === "rich" ? [...base, BulletList, OrderedList, ListItem, ListKeymap] : base;
}
