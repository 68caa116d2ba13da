"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon, TrashIcon } from "@/components/ui/icons";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ListIcon } from "@/components/contacts/contact-icons";
import { useDeleteSegment, useSegments, type Segment } from "@/lib/hooks/use-segments";
import { contactsCount } from "@/lib/ui/segment-filter-form";
import { CreateSegmentDialog } from "./create-segment-dialog";

export function SegmentsView() {
  const segments = useSegments();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Segment | null>(null);
  const [deleting, setDeleting] = useState<Segment | null>(null);
  const deleteSegment = useDeleteSegment();
  const rows = segments.data?.data;

  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <PlusIcon />
      Create segment
    </Button>
  );

  let content;
  if (segments.isPending)
    content = (
      <Table aria-busy="true" aria-label="Loading segments">
        <TableBody>
          <SkeletonRows cells={["h-4 w-40", "h-4 w-16", "ml-auto h-4 w-10", null]} />
        </TableBody>
      </Table>
    );
  else if (segments.isError && !segments.data)
    content = <LoadError title="Could not load your segments" error={segments.error} onRetry={() => segments.refetch()} />;
  else if (!rows?.length)
    content = (
      <EmptyState
        icon={ListIcon}
        title="Create your first segment"
        description="A segment is everyone who matches a filter: a property, what they opened or clicked, events they did. Send a broadcast to it."
        action={createButton}
      />
    );
  else
    content = (
      <Table>
        <caption className="sr-only">Segments</caption>
        <TableHeader>
          <tr>
            <TableHead>Name</TableHead>
            <TableHead>Kind</TableHead>
            <TableHead className="text-right">Contacts</TableHead>
            <TableHead className="w-12">
              <span className="sr-only">Actions</span>
            </TableHead>
          </tr>
        </TableHeader>
        <TableBody>
          {rows.map((s) => (
            <TableRow key={s.id} data-segment={s.name}>
              <TableCell className="max-w-72 truncate font-medium text-zinc-900">
                {/* A static segment is a list: its members are managed on the list's page. */}
                <Link href={`/${s.filter ? "segments" : "lists"}/${encodeURIComponent(s.id)}`} className="hover:underline">
                  {s.name}
                </Link>
              </TableCell>
              <TableCell>{s.filter ? <Badge tone="brand">Filtered</Badge> : <Badge>List</Badge>}</TableCell>
              <TableCell className="text-right tabular-nums" data-testid="segment-count">
                {s.count.toLocaleString()}
              </TableCell>
              <TableCell className="w-12 pr-2 text-right">
                <Button variant="danger-ghost" size="sm" aria-label={`Delete ${s.name}`} onClick={() => setDeleting(s)}>
                  <TrashIcon />
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );

  return (
    <>
      <PageHeader
        title="Segments"
        description="Contacts who match a filter now, counted live. Lists (added by hand) are segments too."
        actions={createButton}
      />
      {created && (
        <Alert tone="info" className="mb-4">
          {created.name}: {contactsCount(created.count)} match now.
        </Alert>
      )}
      {content}
      <CreateSegmentDialog open={creating} onOpenChange={setCreating} onCreated={setCreated} />
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete segment"
        description={(s) => (
          <>
            <span className="font-medium text-zinc-700">{s.name}</span> will be deleted. Its contacts stay. This cannot be undone.
          </>
        )}
        confirmLabel="Delete segment"
        onConfirm={(s) => deleteSegment.mutateAsync(s.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
