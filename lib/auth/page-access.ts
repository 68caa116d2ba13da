import { getPageSession } from "./session";
import { roleMayChange, roleMayView, type Area } from "@/lib/members/role-permissions";

/**
 * Whether the signed-in member may open a dashboard page of an area: its read rule, or its
 * write rule for a page that only makes things (a new template). The same table /api/v1 uses.
 */
export async function pageAccess(area: Area, kind: "read" | "write" = "read") {
  const session = await getPageSession();
  if (!session) return { allowed: false, role: null };
  const allowed = kind === "read" ? roleMayView(session.role, area) : roleMayChange(session.role, area);
  return { allowed, role: session.role };
}
