import type { ReactNode } from "react";
import { pageAccess } from "@/lib/auth/page-access";
import type { Area } from "@/lib/members/role-permissions";
import { NoAccess } from "./no-access";

/**
 * The layout of a dashboard area: its pages render only for a role that may open them (the
 * server decides; the API refuses the same calls), else a page saying so.
 */
export async function AreaGuard({
  area,
  label,
  kind = "read",
  children,
}: {
  area: Area;
  label?: string;
  kind?: "read" | "write";
  children: ReactNode;
}) {
  const access = await pageAccess(area, kind);
  if (!access.allowed) return <NoAccess area={label ?? area} role={access.role} />;
  return <>{children}</>;
}
