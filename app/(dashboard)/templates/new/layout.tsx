import type { ReactNode } from "react";
import { AreaGuard } from "@/components/dashboard/area-guard";

// Who may open these pages: lib/members/role-permissions.ts.
export default function TemplatesNewLayout({ children }: { children: ReactNode }) {
  return (
    <AreaGuard area="Templates" label="new templates" kind="write">
      {children}
    </AreaGuard>
  );
}
