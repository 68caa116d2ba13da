import Link from "next/link";
import type { EmailSummary } from "@/lib/hooks/use-emails";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { EmailStatusBadges } from "./email-status-badge";
import { eventLook } from "./event-types";
import { RecipientSummary } from "./recipient-summary";
import { useNow } from "@/lib/hooks/use-now";
import { cn } from "@/lib/ui/cn";

// On a phone the row keeps the status and the subject; the recipient and the time go under the
// subject, and the last event (the status says most of it) is left to the email's page.
const WIDE = "hidden sm:table-cell";

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Status</TableHead>
        <TableHead className={WIDE}>To</TableHead>
        <TableHead>Subject</TableHead>
        <TableHead className={WIDE}>Last event</TableHead>
        <TableHead className={cn(WIDE, "text-right")}>Created</TableHead>
      </tr>
    </TableHeader>
  );
}

export function EmailsTableSkeleton() {
  return (
    <Table aria-busy="true" aria-label="Loading emails">
      <Head />
      <TableBody>
        <SkeletonRows
          cells={["h-5 w-20", "h-4 w-40", "h-4 w-56", "h-4 w-20", "ml-auto h-4 w-20"]}
          cellClassNames={[undefined, WIDE, undefined, WIDE, WIDE]}
          rows={4}
        />
      </TableBody>
    </Table>
  );
}

export function EmailsTable({ emails }: { emails: EmailSummary[] }) {
  const now = useNow();
  return (
    <Table>
      <caption className="sr-only">Emails, newest first</caption>
      <Head />
      <TableBody>
        {emails.map((email) => (
          <TableRow key={email.id} className="relative">
            <TableCell className="w-px">
              <EmailStatusBadges status={email.status} partiallyBounced={email.partially_bounced} />
            </TableCell>
            <TableCell className={cn(WIDE, "max-w-56")}>
              <RecipientSummary to={email.to} />
            </TableCell>
            <TableCell className="w-full max-w-0 sm:w-auto sm:max-w-80">
              {/* The subject's link covers the row (after:inset-0): the whole row opens the email. */}
              <Link
                href={`/emails/${email.id}`}
                className="block truncate font-medium text-zinc-900 after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:-outline-offset-2 after:focus-visible:outline-brand-500"
              >
                {email.subject || <span className="font-normal text-zinc-500">(no subject)</span>}
              </Link>
              <span className="flex min-w-0 gap-1 text-xs text-zinc-500 sm:hidden">
                <span className="min-w-0 truncate">
                  <RecipientSummary to={email.to} />
                </span>
                <span aria-hidden="true">·</span>
                <time dateTime={email.created_at} className="shrink-0">
                  {formatRelative(email.created_at, now)}
                </time>
              </span>
            </TableCell>
            <TableCell className={cn(WIDE, "text-zinc-500")}>{eventLook(email.last_event).label}</TableCell>
            <TableCell className={cn(WIDE, "text-right text-zinc-500")}>
              <time dateTime={email.created_at} title={formatDateTime(email.created_at)}>
                {formatRelative(email.created_at, now)}
              </time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
