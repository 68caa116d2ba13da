import Link from "next/link";
import type { Contact } from "@/lib/hooks/use-contacts";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Badge } from "@/components/ui/badge";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useNow } from "@/lib/hooks/use-now";

const MAX_LISTS = 3;

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Email</TableHead>
        <TableHead>Name</TableHead>
        <TableHead>Lists</TableHead>
        <TableHead>Status</TableHead>
        <TableHead className="text-right">Created</TableHead>
      </tr>
    </TableHeader>
  );
}

export function ContactsTableSkeleton() {
  return (
    <Table aria-busy="true" aria-label="Loading contacts">
      <Head />
      <TableBody>
        <SkeletonRows cells={["h-4 w-48", "h-4 w-28", "h-5 w-24", "h-5 w-20", "ml-auto h-4 w-20"]} rows={4} />
      </TableBody>
    </Table>
  );
}

export function SubscribedBadge({ subscribed }: { subscribed: boolean }) {
  return subscribed ? (
    <Badge tone="success" dot>
      Subscribed
    </Badge>
  ) : (
    <Badge dot>Unsubscribed</Badge>
  );
}

export function ContactsTable({ contacts }: { contacts: Contact[] }) {
  const now = useNow();
  return (
    <Table>
      <caption className="sr-only">Contacts</caption>
      <Head />
      <TableBody>
        {contacts.map((contact) => (
          <TableRow key={contact.id} className="relative">
            <TableCell className="max-w-72">
              <Link
                href={`/contacts/${contact.id}`}
                className="block truncate font-medium text-zinc-900 after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:-outline-offset-2 after:focus-visible:outline-brand-500"
              >
                {contact.email}
              </Link>
            </TableCell>
            <TableCell className="max-w-48">
              {contact.name ? (
                <span className="block truncate" title={contact.name}>
                  {contact.name}
                </span>
              ) : (
                <span className="text-zinc-500">—</span>
              )}
            </TableCell>
            <TableCell>
              {contact.lists.length === 0 ? (
                <span className="text-zinc-500">None</span>
              ) : (
                <div className="flex gap-1.5">
                  {contact.lists.slice(0, MAX_LISTS).map((name) => (
                    <Badge key={name} tone="brand" className="max-w-36">
                      <span className="truncate">{name}</span>
                    </Badge>
                  ))}
                  {contact.lists.length > MAX_LISTS && (
                    <Badge title={contact.lists.slice(MAX_LISTS).join(", ")}>+{contact.lists.length - MAX_LISTS}</Badge>
                  )}
                </div>
              )}
            </TableCell>
            <TableCell>
              <SubscribedBadge subscribed={contact.subscribed} />
            </TableCell>
            <TableCell className="text-right text-zinc-500">
              <time dateTime={contact.createdAt} title={formatDateTime(contact.createdAt)}>
                {formatRelative(contact.createdAt, now)}
              </time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
