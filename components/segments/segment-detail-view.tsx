"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { FormProvider, useForm } from "react-hook-form";
import type { Rule } from "@/lib/automations/graph/rule-schema";
import {
  useContactProperties,
  useSegment,
  useSegmentContacts,
  useSegments,
  useUpdateSegment,
  type Segment,
} from "@/lib/hooks/use-segments";
import { errorMessage, isNotFound, shownRecord } from "@/lib/ui/fetch-api";
import { CONTACT_FIELDS, contactsCount, fromRule, toRule, type FieldOption, type FilterNode } from "@/lib/ui/segment-filter-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { UsersIcon } from "@/components/contacts/contact-icons";
import { MembersTable } from "@/components/lists/members-table";
import { FilterBuilder } from "./filter-builder";

const PAGE_SIZE = 20;

const matchNow = (count: number) => `${contactsCount(count)} ${count === 1 ? "matches" : "match"} now`;

function BackLink() {
  return (
    <Link
      href="/segments"
      className="mb-4 inline-flex items-center gap-1 rounded-md text-[13px] font-medium text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <ChevronLeftIcon />
      Segments
    </Link>
  );
}

/** A filtered segment: its filter, editable, and who matches it now. A static one is a list, shown on the list's page. */
export function SegmentDetailView({ id }: { id: string }) {
  const segment = useSegment(id);
  const router = useRouter();
  const shown = shownRecord(segment);
  const isList = shown !== null && shown.filter === null;
  useEffect(() => {
    if (isList) router.replace(`/lists/${encodeURIComponent(id)}`);
  }, [isList, id, router]);

  if (segment.isPending || isList) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading segment" className="space-y-4">
        <BackLink />
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (!shown) {
    const missing = isNotFound(segment.error);
    return (
      <>
        <BackLink />
        <Alert tone="error" title={missing ? "Segment not found" : "Could not load this segment"}>
          <p>{missing ? "It may have been deleted." : errorMessage(segment.error)}</p>
        </Alert>
      </>
    );
  }
  return (
    <>
      <BackLink />
      <PageHeader title={shown.name} description={`Filtered segment: ${matchNow(shown.count)}.`} />
      <FilterSection segment={shown} />
      <MembersSection segment={shown} />
    </>
  );
}

type Notice = { tone: "error" | "info"; text: string } | null;

function FilterSection({ segment }: { segment: Segment }) {
  const opened = fromRule(segment.filter as Rule);
  // Held here: a save remounts the form (its key), and the notice must outlive it.
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <section aria-labelledby="segment-filter-title" className="mb-8">
      <h2 id="segment-filter-title" className="mb-3 text-sm font-semibold text-zinc-900">
        Filter
      </h2>
      {notice && (
        <Alert tone={notice.tone} className="mb-3">
          {notice.text}
        </Alert>
      )}
      {opened ? (
        // Keyed by the stored filter: a save (or an edit elsewhere) starts the form from it again.
        <FilterForm key={JSON.stringify(segment.filter)} segment={segment} root={opened} onNotice={setNotice} />
      ) : (
        <>
          <Alert tone="info" className="mb-3">
            This filter names activity of one automation, step or broadcast, which the builder does not show: it is shown as written, and
            changed with <code className="font-mono">PATCH /api/v1/segments/{segment.id}</code>.
          </Alert>
          <pre className="overflow-x-auto rounded-lg border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs text-zinc-800">
            {JSON.stringify(segment.filter, null, 2)}
          </pre>
        </>
      )}
    </section>
  );
}

function FilterForm({ segment, root, onNotice }: { segment: Segment; root: FilterNode; onNotice: (notice: Notice) => void }) {
  const properties = useContactProperties();
  const segments = useSegments();
  const update = useUpdateSegment(segment.id);
  const form = useForm<{ name: string; filter: FilterNode }>({ defaultValues: { name: segment.name, filter: root } });
  const fields: FieldOption[] = [
    ...CONTACT_FIELDS,
    ...(properties.data?.data ?? []).map((p) => ({ value: p.key, label: `${p.key} (${p.type})`, type: p.type })),
  ];
  const typeOf = (field: string) => fields.find((f) => f.value === field)?.type ?? "string";
  const onSubmit = form.handleSubmit(async (values) => {
    onNotice(null);
    try {
      const saved = await update.mutateAsync({ filter: toRule(values.filter, typeOf) });
      onNotice({ tone: "info", text: `Filter saved: ${matchNow(saved.count)}.` });
    } catch (failure) {
      // The API names the part of the filter at fault ("filter.rules.1.value: must be a number").
      onNotice({ tone: "error", text: errorMessage(failure) });
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-card">
        <FilterBuilder
          options={{
            fields,
            // A segment cannot be defined by its own membership.
            segments: (segments.data?.data ?? []).filter((s) => s.id !== segment.id).map((s) => ({ id: s.id, name: s.name })),
          }}
        />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Button variant="secondary" disabled={!form.formState.isDirty} onClick={() => form.reset()}>
            Discard changes
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
            Save filter
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

function MembersSection({ segment }: { segment: Segment }) {
  const [offset, setOffset] = useState(0);
  const members = useSegmentContacts(segment.id, { limit: PAGE_SIZE, offset });
  const rows = members.data?.data;
  let content;
  if (members.isPending) content = <Skeleton className="h-48" />;
  else if (members.isError && !members.data)
    content = <LoadError title="Could not load the members" error={members.error} onRetry={() => members.refetch()} />;
  else if (rows && rows.length === 0)
    content = (
      <EmptyState
        icon={UsersIcon}
        title="Nobody matches yet"
        description="Contacts join as they come to fit the filter, and leave when they stop."
      />
    );
  else
    content = (
      <>
        <MembersTable caption={`Contacts matching ${segment.name}`} contacts={rows ?? []} />
        <Pagination
          limit={PAGE_SIZE}
          offset={offset}
          total={members.data?.pagination.total ?? 0}
          onOffsetChange={setOffset}
          noun="contacts"
        />
      </>
    );
  return (
    <section aria-labelledby="segment-members-title">
      <h2 id="segment-members-title" className="mb-3 text-sm font-semibold text-zinc-900">
        Who matches now
      </h2>
      {content}
    </section>
  );
}
