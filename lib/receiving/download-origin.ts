import { getEnv } from "@/lib/config/env";

/** Where download links point: APP_URL when set, otherwise the origin the request came to. */
export function downloadOrigin(req: Request): string {
  return (getEnv().APP_URL ?? new URL(req.url).origin).replace(/\/$/, "");
}
