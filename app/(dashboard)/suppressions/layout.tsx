import type { ReactNode } from "react";
import { AreaGuard } from "@/components/dashboard/area-guard";

// Who may open these pages: lib/members/role-permissions.ts.
export default function SuppressionsLayout({ children }: { children: ReactNode }) {
  return (
    <AreaGuard area="Account" label="Suppressions">
      {children}
    </AreaGuard>
  );
}
