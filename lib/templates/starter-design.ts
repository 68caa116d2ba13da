import type { DesignInput } from "./design";

// What a new template starts from in the visual editor: a heading, a greeting with a variable
// and its fallback, a button and the footer with the unsubscribe link, so a first-time user sees
// every kind of block they will use most.

const text = (value: string) => ({ type: "text" as const, text: value });
const paragraph = (...content: ({ type: "text"; text: string } | { type: "variable"; attrs: { name: string; fallback: string } })[]) => ({
  type: "paragraph" as const,
  content,
});

export const STARTER_DESIGN_SUBJECT = "Welcome to {{company}}, {{name}}";

export function starterDesign(): DesignInput {
  return {
    version: 1,
    theme: { background: "#f4f4f5", surface: "#ffffff", text: "#18181b", accent: "#4f46e5" },
    blocks: [
      { id: "b-heading", type: "heading", level: 1, align: "left", content: { type: "doc", content: [paragraph(text("Welcome aboard"))] } },
      {
        id: "b-text",
        type: "text",
        content: {
          type: "doc",
          content: [
            paragraph(text("Hi "), { type: "variable", attrs: { name: "name", fallback: "there" } }, text(",")),
            paragraph(text("Thanks for signing up. Your account is ready: here is where to start.")),
          ],
        },
      },
      { id: "b-button", type: "button", label: "Open your dashboard", href: "https://example.com/get-started", align: "left" },
      {
        id: "b-footer",
        type: "footer",
        content: { type: "doc", content: [paragraph(text("You are receiving this email because you created an account with us."))] },
        address: "Your company · 1 Main Street · Springfield",
        unsubscribeLabel: "Unsubscribe",
      },
    ],
  };
}

/** What a new broadcast starts from: the news, a greeting and the footer every list email needs. */
export function broadcastStarterDesign(): DesignInput {
  const variable = (name: string, fallback = "") => ({ type: "variable" as const, attrs: { name, fallback } });
  return {
    version: 1,
    theme: { background: "#f4f4f5", surface: "#ffffff", text: "#18181b", accent: "#4f46e5" },
    blocks: [
      {
        id: "b-heading",
        type: "heading",
        level: 1,
        align: "left",
        content: { type: "doc", content: [paragraph(text("News from "), variable("company"))] },
      },
      {
        id: "b-text",
        type: "text",
        content: {
          type: "doc",
          content: [paragraph(text("Hi "), variable("name", "there"), text(",")), paragraph(text("Here is what is new this month."))],
        },
      },
      {
        id: "b-footer",
        type: "footer",
        content: { type: "doc", content: [paragraph(text("You get this because you are on "), variable("list_name"), text("."))] },
        address: "",
        unsubscribeLabel: "Unsubscribe",
      },
    ],
  };
}

/** What a new automation or journey email starts from: a greeting, a line to write over and the footer. */
export function stepStarterDesign(): DesignInput {
  return {
    version: 1,
    theme: { background: "#f4f4f5", surface: "#ffffff", text: "#18181b", accent: "#4f46e5" },
    blocks: [
      {
        id: "b-text",
        type: "text",
        content: {
          type: "doc",
          content: [
            paragraph(text("Hi "), { type: "variable", attrs: { name: "name", fallback: "there" } }, text(",")),
            paragraph(text("Write your message here.")),
          ],
        },
      },
      {
        id: "b-footer",
        type: "footer",
        content: { type: "doc", content: [paragraph(text("You get this email because you signed up."))] },
        address: "",
        unsubscribeLabel: "Unsubscribe",
      },
    ],
  };
}
