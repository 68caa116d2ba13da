import type { ReactNode } from "react";
import { Logo } from "@/components/brand/logo";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-zinc-50 px-4 py-12 sm:justify-center sm:py-16">
      {/* A faint grid behind the card, fading out towards the edges. */}
      <div
        aria-hidden="true"
        className="pointer-events-none fixed inset-0 bg-[linear-gradient(to_right,rgb(24_24_27/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(24_24_27/0.04)_1px,transparent_1px)] bg-[size:40px_40px] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)]"
      />
      <main className="relative w-full max-w-[400px]">
        <div className="mb-8 flex justify-center">
          <Logo />
        </div>
        {children}
      </main>
    </div>
  );
}
