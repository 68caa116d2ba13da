import { ROLE_LABELS, type Role } from "@/lib/members/roles";
import { SignOutButton } from "./sign-out-button";
import { AccountSwitcher, type MemberAccount } from "./account-switcher";

/**
 * The signed-in user's email, their role, the account switcher (for a member of two accounts or
 * more) and the sign-out button, at the foot of the sidebar and the phone menu.
 */
export function AccountMenu({ email, role, accounts = [] }: { email: string; role?: Role; accounts?: MemberAccount[] }) {
  return (
    <div className="space-y-2">
      {accounts.length > 1 && <AccountSwitcher accounts={accounts} />}
      <div className="flex items-center gap-2.5">
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700 uppercase"
        >
          {email.charAt(0)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-[13px] text-zinc-700" title={email}>
            <span className="sr-only">Signed in as </span>
            {email}
          </p>
          {role && <p className="text-[11px] text-zinc-500">{ROLE_LABELS[role]}</p>}
        </div>
        <SignOutButton />
      </div>
    </div>
  );
}
