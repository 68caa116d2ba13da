import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon } from "@/components/ui/icons";
import { ROLE_LABELS, type Role } from "@/lib/members/roles";

/** What a member sees on a page their role may not open. */
export function NoAccess({ area, role }: { area: string; role: Role | null }) {
  return (
    <EmptyState
      icon={KeyIcon}
      title={`You cannot open ${area}`}
      description={
        role
          ? `Your role in this account (${ROLE_LABELS[role]}) does not include ${area}. An owner or admin can change your role on the Members page.`
          : "Sign in to open this page."
      }
    />
  );
}
