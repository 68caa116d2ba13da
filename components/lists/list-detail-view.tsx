"use client";

import { SearchInput } from "@/components/ui/search-input";
import { useState } from "react";
import Link from "next/link";
import { useContacts, type Contact } from "@/lib/hooks/use-contacts";
import { useList, useRemoveListMember } from "@/lib/hooks/use-lists";
import { errorMessage, isNotFound, shownRecord } from "@/lib/ui/fetch-api";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ChevronLeftIcon, PlusIcon, SearchIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { UsersIcon } from "@/components/contacts/contact-icons";
import { LoadError } from "@/components/ui/load-error";
import { AddListMemberDialog } from "./add-list-member-dialog";
import { MembersTable } from "./members-table";

const PAGE_SIZE = 20;

function BackLink() {
  return (
    <Link
      href="/lists"
      className="mb-4 inline-flex items-center gap-1 rounded-md text-[13px] font-medium text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <ChevronLeftIcon />
      Lists
    </Link>
  );
}

function RemoveMemberDialog({
  listId,
  listName,
  contact,
  onClose,
}: {
  listId: string;
  listName: string;
  contact: Contact | null;
  onClose: () => void;
}) {
  const remove = useRemoveListMember(listId);
  return (
    <Dialog
      open={contact !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset();
          onClose();
        }
      }}
      title="Remove from list"
      description={contact ? `${contact.email} leaves ${listName}. The contact itself is kept.` : undefined}
    >
      <DialogBody>
        {remove.isError ? (
          <Alert tone="error">{errorMessage(remove.error)}</Alert>
        ) : (
          <p className="text-sm text-zinc-600">Automations it is in keep running.</p>
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          loading={remove.isPending}
          onClick={() => contact && remove.mutate(contact.id, { onSuccess: () => onClose() })}
          data-autofocus
        >
          Remove
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

/** A list with its members: paginated, searchable by address, each removable. */
export function ListDetailView({ id }: { id: string }) {
  const list = useList(id);
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const [removing, setRemoving] = useState<Contact | null>(null);
  const [adding, setAdding] = useState(false);
  const email = useDebouncedValue(search.trim());
  const members = useContacts({ limit: PAGE_SIZE, offset, email: email || undefined, list: id });

  if (list.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading list" className="space-y-4">
        <BackLink />
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  const shownList = shownRecord(list);
  if (!shownList) {
    const missing = isNotFound(list.error);
    return (
      <>
        <BackLink />
        <Alert tone="error" title={missing ? "List not found" : "Could not load this list"}>
          <p>{missing ? "It may have been deleted." : errorMessage(list.error)}</p>
        </Alert>
      </>
    );
  }

  const rows = members.data?.data;
  const total = members.data?.pagination.total ?? 0;
  let content;
  if (members.isPending) content = <Skeleton className="h-48" />;
  else if (members.isError && !members.data)
    content = <LoadError title="Could not load the members" error={members.error} onRetry={() => members.refetch()} />;
  else if (rows && rows.length === 0)
    content = email ? (
      <EmptyState
        icon={SearchIcon}
        title="No members match"
        description={<>No member has an address containing &ldquo;{email}&rdquo;.</>}
      />
    ) : (
      <EmptyState
        icon={UsersIcon}
        title="No members yet"
        description="Add people by address here, from a contact's page, or by importing a CSV into this list."
        action={
          <Button size="sm" onClick={() => setAdding(true)}>
            <PlusIcon />
            Add a contact
          </Button>
        }
      />
    );
  else
    content = (
      <>
        <MembersTable
          caption={`Members of ${shownList.name}`}
          contacts={rows ?? []}
          action={(contact) => (
            <Button
              variant="danger-ghost"
              size="sm"
              aria-label={`Remove ${contact.email} from the list`}
              onClick={() => setRemoving(contact)}
            >
              Remove
            </Button>
          )}
        />
        <Pagination limit={PAGE_SIZE} offset={offset} total={total} onOffsetChange={setOffset} noun="members" />
      </>
    );

  return (
    <>
      <BackLink />
      <PageHeader
        title={shownList.name}
        description={`${shownList.contactCount.toLocaleString()} ${shownList.contactCount === 1 ? "member" : "members"}`}
        actions={
          <Button onClick={() => setAdding(true)}>
            <PlusIcon />
            Add contact
          </Button>
        }
      />
      <AddListMemberDialog listId={id} listName={shownList.name} open={adding} onOpenChange={setAdding} />
      <SearchInput
        className="mb-4 w-full sm:max-w-xs"
        label="Search members by email"
        placeholder="Search by email"
        value={search}
        onValueChange={(value) => {
          setSearch(value);
          setOffset(0);
        }}
      />
      {content}
      <RemoveMemberDialog listId={id} listName={shownList.name} contact={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
