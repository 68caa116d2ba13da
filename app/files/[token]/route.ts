import { readDownload } from "@/lib/receiving/read-download";

// GET /files/:token – a received message's raw source or attachment, by its signed, expiring link
export async function GET(_req: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const file = await readDownload(token);
  if (!file) return new Response("not found or expired", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(Buffer.from(file.content), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.content.length),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
