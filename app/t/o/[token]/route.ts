import { hitFrom, recordTrackingHit } from "@/lib/tracking/record-tracking-hit";

// A transparent 1x1 GIF.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

// GET /t/o/:token – open pixel; records email.opened
export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const result = await recordTrackingHit("open", token, hitFrom(req));
  if (result.kind !== "open") return new Response("not found", { status: 404 });
  return new Response(PIXEL, {
    headers: { "Content-Type": "image/gif", "Cache-Control": "no-store, max-age=0", "Content-Length": String(PIXEL.length) },
  });
}
