// What a layout looks like to the renderer (wrap-in-layout.ts) and to the dashboard's preview.
// Pure (no server-only imports).

export const LAYOUT_FONTS = ["system", "helvetica", "georgia", "verdana", "trebuchet"] as const;
export type LayoutFont = (typeof LAYOUT_FONTS)[number];

/** Each font as an email-safe stack: the named face first, then faces every client has. */
export const LAYOUT_FONT_STACKS: Record<LayoutFont, string> = {
  system: `-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`,
  helvetica: `Helvetica,Arial,sans-serif`,
  georgia: `Georgia,'Times New Roman',serif`,
  verdana: `Verdana,Geneva,sans-serif`,
  trebuchet: `'Trebuchet MS',Helvetica,Arial,sans-serif`,
};

export const LAYOUT_FONT_LABELS: Record<LayoutFont, string> = {
  system: "System (sans-serif)",
  helvetica: "Helvetica / Arial",
  georgia: "Georgia (serif)",
  verdana: "Verdana",
  trebuchet: "Trebuchet MS",
};

export interface LayoutContent {
  headerText: string | null;
  logoUrl: string | null;
  footerText: string | null;
  address: string | null;
  brandColor: string;
  font: LayoutFont | string;
}
