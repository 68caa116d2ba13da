import { readdirSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import type { Operation } from "@/lib/api/define-operation";

// The route files as they are on disk at test time, so a new route is covered by the fuzz tier
// and the cross-account matrix without anyone adding it to a list. Left out: the catch-all
// (app/api/v1/[[...path]], the JSON 404 for a path no route serves) and, in each route file, the
// handlers of refuseOtherMethods (the JSON 405 for a method it does not serve): neither is an
// endpoint (tests/integration/unrouted-requests.test.ts covers them).

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export type RouteHandler = ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  // Set by apiHandler (lib/api/handler.ts); absent on hand-written handlers.
  schemas?: { body?: z.ZodType; query?: z.ZodType };
  // Set by apiRoute (lib/api/api-route.ts): the operation the handler serves.
  operation?: Operation;
  // Set by refuseOtherMethods (lib/api/method-not-allowed.ts): a 405 for a method the route does not serve.
  refuses?: true;
};

export interface RouteFile {
  /** URL pattern, e.g. /api/v1/lists/[id]/contacts/[contactId] */
  pattern: string;
  file: string;
  /** Dynamic segments in order, each with the static segment before it (what kind of id it is). */
  params: { name: string; after: string }[];
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export function findRoutes(dirs: string[]): RouteFile[] {
  const out: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!entry.name.startsWith("[[...") && !entry.name.startsWith("[...")) walk(rel);
      } else if (entry.name === "route.ts") {
        const segments = dir.replace(/^app/, "").split("/").filter(Boolean);
        const params = segments.flatMap((s, i) => {
          const m = /^\[(?:\.\.\.)?(\w+)\]$/.exec(s);
          return m ? [{ name: m[1], after: segments[i - 1] ?? "" }] : [];
        });
        out.push({ pattern: `/${segments.join("/")}`, file: path.join(ROOT, rel), params });
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return out.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The methods the route file serves (its refusals too with `withRefusals`, as Next would call them). */
export async function loadRoute(
  route: RouteFile,
  options: { withRefusals?: boolean } = {},
): Promise<Partial<Record<Method, RouteHandler>>> {
  const mod = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
  const handlers: Partial<Record<Method, RouteHandler>> = {};
  for (const method of METHODS) {
    const handler = mod[method] as RouteHandler | undefined;
    if (typeof handler === "function" && (options.withRefusals || !handler.refuses)) handlers[method] = handler;
  }
  return handlers;
}

/** The URL path with the given params filled in (encoded, as a client would send them). */
export function fillPattern(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}
