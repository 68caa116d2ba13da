"use client";

import { SearchInput } from "@/components/ui/search-input";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useContacts } from "@/lib/hooks/use-contacts";
import { useAllLists } from "@/lib/hooks/use-lists";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon, SearchIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { UploadIcon, UsersIcon } from "./contact-icons";
import { ContactsTable, ContactsTableSkeleton } from "./contacts-table";
import { CreateContactDialog } from "./create-contact-dialog";
import { ImportContactsDialog } from "./import-contacts-dialog";
import { LoadError } from "@/components/ui/load-error";

const PAGE_SIZE = 20;

export function ContactsView({ initialList }: { initialList: string }) {
  const router = useRouter();
  const [search, setSearch] = useState("");
  const [list, setList] = useState(initialList);
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const email = useDebouncedValue(search.trim());
  const contacts = useContacts({ limit: PAGE_SIZE, offset, email: email || undefined, list: list || undefined });
  const lists = useAllLists();
  const rows = contacts.data?.data;
  const filtered = Boolean(email || list);

  function changeList(value: string) {
    setList(value);
    setOffset(0);
    // The filter lives in the address too, so it can be shared and survives a reload.
    window.history.replaceState(null, "", value ? `/contacts?list=${encodeURIComponent(value)}` : "/contacts");
  }

  const actions = (
    <>
      <Button variant="secondary" onClick={() => setImporting(true)}>
        <UploadIcon />
        Import CSV
      </Button>
      <Button onClick={() => setAdding(true)}>
        <PlusIcon />
        Add contact
      </Button>
    </>
  );

  let content;
  if (contacts.isPending) content = <ContactsTableSkeleton />;
  else if (contacts.isError && !contacts.data)
    content = <LoadError title="Could not load your contacts" error={contacts.error} onRetry={() => contacts.refetch()} />;
  else if (rows && rows.length === 0 && !filtered)
    content = (
      <EmptyState
        icon={UsersIcon}
        title="Add your first contacts"
        description="Import a CSV from your CRM or newsletter tool, or add people one by one. Contacts receive your automations."
        action={<div className="flex gap-2">{actions}</div>}
      />
    );
  else if (rows && rows.length === 0)
    content = (
      <EmptyState
        icon={SearchIcon}
        title="No contacts match"
        description={
          email ? <>No contact in this view has an address containing &ldquo;{email}&rdquo;.</> : "This list has no contacts yet."
        }
        action={
          <Button
            variant="secondary"
            onClick={() => {
              setSearch("");
              changeList("");
            }}
          >
            Clear filters
          </Button>
        }
      />
    );
  else content = <ContactsTable contacts={rows ?? []} />;

  const listOptions = lists.data?.data ?? [];
  // A list id from a link that is not (yet) among the loaded lists still shows as selected.
  const unknownList = list && !listOptions.some((l) => l.id === list || l.name === list);
  return (
    <>
      <PageHeader
        title="Contacts"
        description="The people you email. Search by address, filter by list, and open a contact to edit its properties."
        actions={actions}
      />
      {(filtered || (rows && rows.length > 0) || offset > 0) && (
        <div className="mb-4 flex flex-col gap-2 sm:flex-row">
          <SearchInput
            className="w-full sm:max-w-xs"
            label="Search contacts by email"
            placeholder="Search by email"
            value={search}
            onValueChange={(value) => {
              setSearch(value);
              setOffset(0);
            }}
          />
          <Select aria-label="Filter by list" value={list} onChange={(event) => changeList(event.target.value)} className="sm:w-56">
            <option value="">All lists</option>
            {unknownList && <option value={list}>{lists.isPending ? "Loading…" : list}</option>}
            {listOptions.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({l.contactCount.toLocaleString()})
              </option>
            ))}
          </Select>
        </div>
      )}
      {content}
      {contacts.data && rows && rows.length > 0 && (
        <Pagination limit={PAGE_SIZE} offset={offset} total={contacts.data.pagination.total} onOffsetChange={setOffset} noun="contacts" />
      )}
      <CreateContactDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={(contact) => {
          setAdding(false);
          router.push(`/contacts/${contact.id}`);
        }}
      />
      <ImportContactsDialog
        open={importing}
        onOpenChange={setImporting}
        defaultListId={list && !unknownList ? (listOptions.find((l) => l.id === list || l.name === list)?.id ?? "") : ""}
        onShowList={(listId) => {
          setImporting(false);
          setSearch("");
          changeList(listId);
        }}
      />
    </>
  );
}
