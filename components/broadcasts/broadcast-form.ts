import type { z } from "zod";
import type { broadcastFieldsSchema } from "@/lib/broadcasts/schemas";

export type BroadcastFormInput = z.input<typeof broadcastFieldsSchema>;
export type BroadcastFormValues = z.output<typeof broadcastFieldsSchema>;

/** The form's fields an API error can name; the A/B test's fields before the object, so a detail lands on the most precise one. */
export const BROADCAST_FIELDS = [
  "name",
  "from",
  "listId",
  "subject",
  "html",
  "abTest.subjects",
  "abTest.sharePercent",
  "abTest.metric",
  "abTest.waitMinutes",
  "abTest",
] as const;

/** The body a broadcast written as code starts with. */
export const STARTER_HTML = `<h1>News from {{company}}</h1>
<p>Hi {{name}},</p>
<p>Here is what is new this month.</p>
<p style="color:#6b7280;font-size:12px">You get this because you are on {{list_name}}. <a href="{{unsubscribe_url}}">Unsubscribe</a></p>`;
