import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Mailwright", template: "%s · Mailwright" },
  description: "Send transactional and marketing email with an API, an SMTP relay and automations.",
  icons: { icon: "/favicon.svg" },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh bg-white font-sans text-sm text-zinc-900 antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
