import Link from "next/link";
import { cn } from "@/lib/ui/cn";

const LINKS = [
  { href: "/emails", label: "All emails", key: "all" },
  { href: "/emails/scheduled", label: "Scheduled", key: "scheduled" },
] as const;

/** The emails section's two views, as tabs under the page header. */
export function EmailsNav({ current }: { current: (typeof LINKS)[number]["key"] }) {
  return (
    <nav aria-label="Emails" className="mb-6 border-b border-zinc-200">
      <ul className="-mb-px flex gap-5">
        {LINKS.map((link) => (
          <li key={link.key}>
            <Link
              href={link.href}
              aria-current={link.key === current ? "page" : undefined}
              className={cn(
                "flex h-9 items-center border-b-2 px-0.5 text-[13px] font-medium transition-colors",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
                link.key === current ? "border-zinc-900 text-zinc-900" : "border-transparent text-zinc-500 hover:text-zinc-800",
              )}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
