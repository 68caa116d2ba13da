import Link from "next/link";
import type { EmailSummary } from "@/lib/hooks/use-emails";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { EmailStatusBadges } from "./email-status-badge";
import { eventLook } from "./event-types";
import { RecipientSummary } from "./recipient-summary";
import { useNow } from "@/lib/hooks/use-now";

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Status</TableHead>
        <TableHead>To</TableHead>
        <TableHead>Subject</TableHead>
        <TableHead>Last event</TableHead>
        <TableHead className="text-right">Created</TableHead>
      </tr>
    </TableHeader>
  );
}

export function EmailsTableSkeleton() {
  return (
    <Table aria-busy="true" aria-label="Loading emails">
      <Head />
      <TableBody>
        <SkeletonRows cells={["h-5 w-20", "h-4 w-40", "h-4 w-56", "h-4 w-20", "ml-auto h-4 w-20"]} rows={4} />
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
            <TableCell className="max-w-56">
              <RecipientSummary to={email.to} />
            </TableCell>
            <TableCell className="max-w-80">
              {/* The subject's link covers the row (after:inset-0): the whole row opens the email. */}
              <Link
                href={`/emails/${email.id}`}
                className="block truncate font-medium text-zinc-900 after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:-outline-offset-2 after:focus-visible:outline-brand-500"
              >
                {email.subject || <span className="font-normal text-zinc-500">(no subject)</span>}
              </Link>
            </TableCell>
            <TableCell className="text-zinc-500">{eventLook(email.last_event).label}</TableCell>
            <TableCell className="text-right text-zinc-500">
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
