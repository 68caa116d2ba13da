import { hitFrom, recordTrackingHit } from "@/lib/tracking/record-tracking-hit";
import { INBOX_VIEW_PARAM, INBOX_VIEW_VALUE } from "@/lib/inbox/inbox-preview-html";

// A transparent 1x1 GIF.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

// GET /t/o/:token – open pixel; records email.opened (not when the dev inbox shows the message)
export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  if (new URL(req.url).searchParams.get(INBOX_VIEW_PARAM) === INBOX_VIEW_VALUE) return pixel();
  const result = await recordTrackingHit("open", token, hitFrom(req));
  if (result.kind !== "open") return new Response("not found", { status: 404 });
  return pixel();
}

function pixel() {
  return new Response(PIXEL, {
    headers: { "Content-Type": "image/gif", "Cache-Control": "no-store, max-age=0", "Content-Length": String(PIXEL.length) },
  });
}
