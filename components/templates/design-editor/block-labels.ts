import type { AddableType } from "@/lib/ui/design-editor-state";

/** Each block type's name as the editor shows it: its card's heading and its "Add" button. */
export const BLOCK_LABELS: Record<AddableType, string> = {
  heading: "Heading",
  text: "Text",
  button: "Button",
  image: "Image",
  divider: "Divider",
  spacer: "Spacer",
  columns: "Two columns",
  footer: "Footer",
};
