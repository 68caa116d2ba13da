import { readPublicImage } from "@/lib/images/read-public-image";

// GET /i/:id.:ext – an uploaded image, public (mail clients fetch it without credentials). The id
// is unguessable and the bytes never change under it, so caches may keep it for a year; the
// Content-Type is the one its content was checked to be, and nosniff stops a browser guessing.
export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const image = await readPublicImage(file);
  if (!image) {
    return new Response("not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
    });
  }
  return new Response(Buffer.from(image.data), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
