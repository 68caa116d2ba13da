"use client";

import type { ReactNode } from "react";
import Link from "next/link";
import type { Contact } from "@/lib/hooks/use-contacts";
import { useNow } from "@/lib/hooks/use-now";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { SubscribedBadge } from "@/components/contacts/contacts-table";

/** A list's or segment's members: address (to the contact's page), name, status, created, and an action per row if given. */
export function MembersTable({
  caption,
  contacts,
  action,
}: {
  caption: string;
  contacts: Contact[];
  action?: (contact: Contact) => ReactNode;
}) {
  const now = useNow();
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <tr>
          <TableHead>Email</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Created</TableHead>
          {action && (
            <TableHead className="w-24">
              <span className="sr-only">Actions</span>
            </TableHead>
          )}
        </tr>
      </TableHeader>
      <TableBody>
        {contacts.map((contact) => (
          <TableRow key={contact.id}>
            <TableCell className="max-w-72">
              <Link
                href={`/contacts/${contact.id}`}
                className="block truncate font-medium text-zinc-900 hover:text-brand-700 hover:underline"
              >
                {contact.email}
              </Link>
            </TableCell>
            <TableCell className="max-w-48 truncate text-zinc-600">{contact.name ?? "—"}</TableCell>
            <TableCell>
              <SubscribedBadge subscribed={contact.subscribed} />
            </TableCell>
            <TableCell className="text-right text-zinc-500">
              <time dateTime={contact.createdAt} title={formatDateTime(contact.createdAt)}>
                {formatRelative(contact.createdAt, now)}
              </time>
            </TableCell>
            {action && <TableCell className="pr-2 text-right">{action(contact)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
