import { NextRequest } from "next/server";
import { readBody } from "./read-body";

/**
 * The same request with its body read through the bounded reader (413 past maxBytes), for
 * handlers we do not own that would otherwise buffer any size (next-auth and Inngest read
 * req.text()).
 */
export async function boundRequestBody(req: Request, maxBytes: number): Promise<NextRequest> {
  if (req.method === "GET" || req.method === "HEAD" || !req.body) return req instanceof NextRequest ? req : new NextRequest(req);
  const bytes = await readBody(req, maxBytes);
  return new NextRequest(req.url, {
    method: req.method,
    headers: req.headers,
    body: bytes.byteLength ? bytes : null,
    signal: req.signal,
  });
}
