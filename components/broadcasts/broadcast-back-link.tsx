import Link from "next/link";
import { ChevronLeftIcon } from "@/components/ui/icons";

/** The link back to the list of broadcasts, above each broadcast's page. */
export function BroadcastBackLink() {
  return (
    <Link
      href="/broadcasts"
      className="mb-4 inline-flex items-center gap-1 rounded-md text-[13px] font-medium text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <ChevronLeftIcon />
      Broadcasts
    </Link>
  );
}
