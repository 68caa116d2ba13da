import { hitFrom, recordTrackingHit } from "@/lib/tracking/record-tracking-hit";

// GET /t/c/:token – click redirect (302) to the http(s) URL stored for this token, and nowhere else
export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const result = await recordTrackingHit("click", token, hitFrom(req));
  if (result.kind === "bad_link") {
    return new Response("This link cannot be opened.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (result.kind !== "click") return new Response("not found", { status: 404 });
  return new Response(null, { status: 302, headers: { Location: result.url, "Cache-Control": "no-store" } });
}
