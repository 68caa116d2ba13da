"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useContact, useDeleteContact } from "@/lib/hooks/use-contacts";
import { LoadError } from "@/components/ui/load-error";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { ChevronLeftIcon, TrashIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { ContactActivityCard } from "./contact-activity-card";
import { ContactDetailsCard } from "./contact-details-card";
import { ContactEmailsCard, ContactEnrollmentsCard } from "./contact-emails-card";
import { ContactListsCard } from "./contact-lists-card";
import { ContactPropertiesForm } from "./contact-properties-form";
import { SubscribedBadge } from "./contacts-table";
import { shownRecord } from "@/lib/ui/fetch-api";

function BackLink() {
  return (
    <Link
      href="/contacts"
      className="mb-4 inline-flex items-center gap-1 rounded-md text-[13px] font-medium text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <ChevronLeftIcon />
      Contacts
    </Link>
  );
}

export function ContactDetailView({ id }: { id: string }) {
  const router = useRouter();
  const contact = useContact(id);
  const [deleting, setDeleting] = useState(false);
  const deleteContact = useDeleteContact();

  if (contact.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading contact" className="space-y-4">
        <BackLink />
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-4 w-48" />
        <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      </div>
    );
  }
  const c = shownRecord(contact);
  if (!c) {
    return (
      <>
        <BackLink />
        <LoadError
          title="Could not load this contact"
          error={contact.error}
          onRetry={() => contact.refetch()}
          notFound={{ title: "Contact not found", message: "It may have been deleted." }}
        />
      </>
    );
  }

  return (
    <>
      <BackLink />
      <PageHeader
        title={c.email}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <SubscribedBadge subscribed={c.subscribed} />
            {c.name && <span>{c.name}</span>}
          </span>
        }
        actions={
          <Button variant="danger-ghost" onClick={() => setDeleting(true)}>
            <TrashIcon />
            Delete
          </Button>
        }
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <ContactPropertiesForm contact={c} />
          <ContactEmailsCard contactId={c.id} />
        </div>
        <div className="space-y-6">
          <ContactDetailsCard contact={c} />
          <ContactListsCard contact={c} />
          <ContactEnrollmentsCard contactId={c.id} />
          <ContactActivityCard contactId={c.id} />
        </div>
      </div>
      <ConfirmDeleteDialog
        item={deleting ? c : null}
        title="Delete contact"
        description={(target) => (
          <>
            <span className="font-medium text-zinc-700">{target.email}</span> will be deleted with its list memberships and automation
            progress. Emails already sent stay in your log. This cannot be undone.
          </>
        )}
        confirmLabel="Delete contact"
        onConfirm={(target) => deleteContact.mutateAsync(target.id)}
        onClose={() => setDeleting(false)}
        onDeleted={() => router.push("/contacts")}
      />
    </>
  );
}
