import { SignInRedirect } from "@/components/auth/sign-in-redirect";
import type { ReactNode } from "react";
import Link from "next/link";
import { getPageSession } from "@/lib/auth/session";
import { isLocalMode, localModeWarning } from "@/lib/config/local-mode";
import { Logo } from "@/components/brand/logo";
import { AccountMenu } from "@/components/dashboard/account-menu";
import { SidebarNav } from "@/components/dashboard/sidebar-nav";
import { MobileNav } from "@/components/dashboard/mobile-nav";
import { LocalModeBadge } from "@/components/dashboard/local-mode-badge";
import { LocalModeWarningBanner } from "@/components/dashboard/local-mode-warning-banner";
import { ConfirmEmailBanner } from "@/components/dashboard/confirm-email-banner";
import { NavigationGuardProvider } from "@/components/dashboard/navigation-guard";
import { listMyAccounts } from "@/lib/members/list-my-accounts";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await getPageSession();
  if (!session) return <SignInRedirect />;
  // The same answers GET /account gives (localMode, localModeWarning), read here so the shell
  // shows them with its first paint.
  // The accounts the member belongs to: the menu switches between them when there are two or more.
  const { data: accounts } = await listMyAccounts({ userId: session.userId, currentAccountId: session.accountId });
  const account = <AccountMenu email={session.email} role={session.role} accounts={accounts} />;
  const localMode = isLocalMode();
  const warning = localModeWarning();
  const logoLink = "rounded-md focus-visible:outline-2 focus-visible:outline-brand-500";

  return (
    <NavigationGuardProvider>
      <div className="min-h-dvh bg-white md:flex">
        {/* The first focusable element: keyboard users jump past the navigation. */}
        <a
          href="#content"
          className="sr-only rounded-md bg-zinc-900 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          Skip to content
        </a>
        {/* Phones: a bar with the mark, the local-mode badge and the menu button (a sheet with the links). */}
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-zinc-200 bg-zinc-50 px-3 md:hidden">
          <Link href="/dashboard" className={logoLink}>
            <Logo markOnly />
          </Link>
          <div className="flex min-w-0 flex-1 justify-center">{localMode && <LocalModeBadge />}</div>
          <MobileNav account={account} role={session.role} />
        </header>
        {/* Wider screens: the sidebar column. */}
        <aside className="hidden border-r border-zinc-200 bg-zinc-50 md:sticky md:top-0 md:flex md:h-dvh md:w-60 md:shrink-0 md:flex-col">
          <div className="flex h-14 shrink-0 items-center px-5">
            <Link href="/dashboard" className={logoLink}>
              <Logo />
            </Link>
          </div>
          {localMode && <LocalModeBadge className="shrink-0 px-3 pb-2" />}
          <div className="scroll-shadows min-h-0 flex-1 overflow-y-auto px-3 py-3">
            <SidebarNav role={session.role} />
          </div>
          <div className="shrink-0 border-t border-zinc-200 px-3 py-3">{account}</div>
        </aside>
        <main id="content" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {warning && <LocalModeWarningBanner warning={warning} />}
          <ConfirmEmailBanner />
          {/* A page that needs the room (the automation builder's canvas) marks itself data-wide. */}
          <div className="mx-auto w-full max-w-5xl px-4 py-8 has-[[data-wide]]:max-w-none sm:px-8 md:py-12">{children}</div>
        </main>
      </div>
    </NavigationGuardProvider>
  );
}
