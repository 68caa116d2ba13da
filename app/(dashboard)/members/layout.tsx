import type { ReactNode } from "react";
import { AreaGuard } from "@/components/dashboard/area-guard";

// Who may open these pages: lib/members/role-permissions.ts.
export default function MembersLayout({ children }: { children: ReactNode }) {
  return <AreaGuard area="Members">{children}</AreaGuard>;
}
