import type { ReactNode } from "react";
import { AreaGuard } from "@/components/dashboard/area-guard";

// Who may open these pages: lib/members/role-permissions.ts.
export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <AreaGuard area="Meta" label="the API reference">
      {children}
    </AreaGuard>
  );
}
