import type { ReactNode } from "react";
import { AreaGuard } from "@/components/dashboard/area-guard";

// Who may open these pages: lib/members/role-permissions.ts.
export default function BroadcastsLayout({ children }: { children: ReactNode }) {
  return <AreaGuard area="Broadcasts">{children}</AreaGuard>;
}
