import type { ReactNode } from "react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getPageSession } from "@/lib/auth/session";
import { Logo } from "@/components/brand/logo";
import { AccountMenu } from "@/components/dashboard/account-menu";
import { SidebarNav } from "@/components/dashboard/sidebar-nav";
import { ConfirmEmailBanner } from "@/components/dashboard/confirm-email-banner";
import { NavigationGuardProvider } from "@/components/dashboard/navigation-guard";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await getPageSession();
  if (!session) redirect("/login");

  return (
    <NavigationGuardProvider>
      <div className="min-h-dvh bg-white md:flex">
        {/* The first focusable element: keyboard users jump past the sidebar's links. */}
        <a
          href="#content"
          className="sr-only rounded-md bg-zinc-900 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          Skip to content
        </a>
        {/* One sidebar for every size: a column at md and up; below, a top bar (logo and account
          on the first line, the links on a scrolling second line) by reordering the same parts. */}
        <aside className="flex flex-wrap items-center border-b border-zinc-200 bg-zinc-50 md:sticky md:top-0 md:h-dvh md:w-60 md:shrink-0 md:flex-col md:flex-nowrap md:items-stretch md:border-r md:border-b-0">
          <div className="order-1 flex h-14 items-center px-4 md:px-5">
            <Link href="/dashboard" className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-500">
              <Logo />
            </Link>
          </div>
          <div className="order-3 w-full px-3 pb-2 md:order-2 md:flex-1 md:overflow-y-auto md:py-3">
            <SidebarNav />
          </div>
          <div className="order-2 min-w-0 flex-1 px-3 md:order-3 md:w-full md:flex-none md:border-t md:border-zinc-200 md:py-3">
            <AccountMenu email={session.email} />
          </div>
        </aside>
        <main id="content" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          <ConfirmEmailBanner />
          {/* A page that needs the room (the automation builder's canvas) marks itself data-wide. */}
          <div className="mx-auto w-full max-w-5xl px-4 py-8 has-[[data-wide]]:max-w-none sm:px-8 md:py-12">{children}</div>
        </main>
      </div>
    </NavigationGuardProvider>
  );
}
