import Link from "next/link";
import type { ContactListItem } from "@/lib/hooks/use-lists";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Button } from "@/components/ui/button";
import { TrashIcon } from "@/components/ui/icons";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useNow } from "@/lib/hooks/use-now";

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Name</TableHead>
        <TableHead className="text-right">Contacts</TableHead>
        <TableHead className="text-right">Created</TableHead>
        <TableHead className="w-12">
          <span className="sr-only">Actions</span>
        </TableHead>
      </tr>
    </TableHeader>
  );
}

export function ListsTableSkeleton() {
  return (
    <Table aria-busy="true" aria-label="Loading lists">
      <Head />
      <TableBody>
        <SkeletonRows cells={["h-4 w-40", "ml-auto h-4 w-10", "ml-auto h-4 w-20", null]} />
      </TableBody>
    </Table>
  );
}

export function ListsTable({ lists, onDelete }: { lists: ContactListItem[]; onDelete: (list: ContactListItem) => void }) {
  const now = useNow();
  return (
    <Table>
      <caption className="sr-only">Lists</caption>
      <Head />
      <TableBody>
        {lists.map((list) => (
          <TableRow key={list.id} className="relative">
            <TableCell className="max-w-72">
              {/* The link covers the row and opens the list with its members. */}
              <Link
                href={`/lists/${encodeURIComponent(list.id)}`}
                className="block truncate font-medium text-zinc-900 after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:-outline-offset-2 after:focus-visible:outline-brand-500"
              >
                {list.name}
              </Link>
            </TableCell>
            <TableCell className="text-right tabular-nums">{list.contactCount.toLocaleString()}</TableCell>
            <TableCell className="text-right text-zinc-500">
              <time dateTime={list.createdAt} title={formatDateTime(list.createdAt)}>
                {formatRelative(list.createdAt, now)}
              </time>
            </TableCell>
            <TableCell className="relative z-10 w-12 pr-2 text-right">
              <Button variant="danger-ghost" size="sm" aria-label={`Delete ${list.name}`} onClick={() => onDelete(list)}>
                <TrashIcon />
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
