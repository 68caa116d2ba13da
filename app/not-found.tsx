import Link from "next/link";
import { Logo } from "@/components/brand/logo";
import { buttonClasses } from "@/components/ui/button";

// Any page path that matches nothing (API paths answer JSON from their own catch-all).
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-zinc-50 px-4 py-12 sm:justify-center sm:py-16">
      <main className="w-full max-w-[400px] text-center">
        <div className="mb-8 flex justify-center">
          <Logo />
        </div>
        <div className="rounded-xl border border-zinc-200 bg-white px-6 py-8 shadow-card">
          <p className="text-sm font-medium text-zinc-500">404</p>
          <h1 className="mt-1 text-lg font-semibold tracking-tight text-zinc-900">This page does not exist</h1>
          <p className="mt-2 text-sm text-zinc-500">The address may be mistyped, or what it showed was deleted.</p>
          <Link href="/dashboard" className={buttonClasses({ variant: "primary", className: "mt-6" })}>
            Go to the dashboard
          </Link>
        </div>
      </main>
    </div>
  );
}
