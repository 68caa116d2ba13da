import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { errorResponse } from "@/lib/api/handler";
import { boundRequestBody } from "@/lib/api/bound-request-body";

// Sign-in forms and CSRF posts are a few hundred bytes.
const MAX_AUTH_BODY_BYTES = 64 * 1024;

// next-auth's sign-in, sign-out, session and CSRF endpoints for the dashboard; the body is read
// through the bounded reader first (next-auth would buffer any size).
async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) {
  let bounded: NextRequest;
  try {
    bounded = await boundRequestBody(req, MAX_AUTH_BODY_BYTES);
  } catch (error) {
    return errorResponse(error);
  }
  return NextAuth(authOptions())(bounded, ctx);
}

export { handler as GET, handler as POST };
