// A sample body for the layout's live preview: what a short broadcast reads like.
export const LAYOUT_PREVIEW_BODY = [
  `<h1 style="margin:0 0 12px;font-size:22px;line-height:30px;">Our spring update</h1>`,
  `<p style="margin:0 0 12px;">Hi {{name}}, here is what changed at {{company}} this month.</p>`,
  `<p style="margin:0 0 12px;">Every broadcast and journey email is sent inside this layout: the header above, the footer below.</p>`,
].join("\n");

export const LAYOUT_PREVIEW_VARIABLES = { name: "Ann", company: "Acme", unsubscribe_url: "https://example.com/unsubscribe" };
