import type { ReactNode } from "react";
import { AreaGuard } from "@/components/dashboard/area-guard";

// Who may open these pages: lib/members/role-permissions.ts.
export default function AuditLogLayout({ children }: { children: ReactNode }) {
  return (
    <AreaGuard area="Audit log" label="the audit log">
      {children}
    </AreaGuard>
  );
}
