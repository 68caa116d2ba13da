import type { ReactNode } from "react";
import { AreaGuard } from "@/components/dashboard/area-guard";

// Who may open these pages: lib/members/role-permissions.ts.
export default function EmailsLayout({ children }: { children: ReactNode }) {
  return <AreaGuard area="Emails">{children}</AreaGuard>;
}
