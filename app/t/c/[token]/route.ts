import { hitFrom, recordTrackingHit } from "@/lib/tracking/record-tracking-hit";

// GET /t/c/:token – click redirect (302) to the URL stored for this token, and nowhere else
export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const url = await recordTrackingHit("click", token, hitFrom(req));
  if (typeof url !== "string") return new Response("not found", { status: 404 });
  return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "no-store" } });
}
