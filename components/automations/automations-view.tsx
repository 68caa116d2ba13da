"use client";

import type { Design } from "@/lib/templates/design";
import { stepStarterDesign } from "@/lib/templates/starter-design";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useAutomations, useCreateAutomation, type Automation } from "@/lib/hooks/use-automations";
import { useAllLists } from "@/lib/hooks/use-lists";
import { errorMessage } from "@/lib/ui/fetch-api";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { SparklesIcon, WorkflowIcon } from "./automation-icons";
import { AutomationStatusBadge } from "./automation-status-badge";
import { triggerSummary } from "./automation-format";
import { useNow } from "@/lib/hooks/use-now";
import { LoadError } from "@/components/ui/load-error";

const PAGE_SIZE = 20;

// A blank automation still needs one valid step: the API creates automations with steps.
const BLANK_AUTOMATION = {
  name: "Untitled automation",
  triggerType: "list_join",
  triggerConfig: { listName: "Newsletter" },
  steps: [
    {
      delayMinutes: 0,
      subject: "Welcome, {{name}}",
      // The visual editor's starter: the API renders bodyHtml from it.
      design: stepStarterDesign() as Design,
    },
  ],
};

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Name</TableHead>
        <TableHead>Trigger</TableHead>
        <TableHead>Status</TableHead>
        <TableHead className="text-right">Steps</TableHead>
        <TableHead className="text-right">In progress</TableHead>
        <TableHead className="text-right">Completed</TableHead>
        <TableHead className="text-right">Updated</TableHead>
      </tr>
    </TableHeader>
  );
}

function AutomationsTable({ automations }: { automations: Automation[] }) {
  const now = useNow();
  return (
    <Table>
      <caption className="sr-only">Automations</caption>
      <Head />
      <TableBody>
        {automations.map((automation) => (
          <TableRow key={automation.id} className="relative">
            <TableCell className="max-w-64">
              <Link
                href={`/automations/${automation.id}`}
                className="block truncate font-medium text-zinc-900 after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:-outline-offset-2 after:focus-visible:outline-brand-500"
              >
                {automation.name}
              </Link>
            </TableCell>
            <TableCell className="max-w-64">
              <span className="block truncate">{triggerSummary(automation.triggerType, automation.triggerConfig)}</span>
            </TableCell>
            <TableCell>
              <AutomationStatusBadge status={automation.status} firstActivatedAt={automation.firstActivatedAt} />
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {/* A journey's steps are a graph the linear steps cannot hold: a count of 0 would mislead. */}
              {automation.journey ? <Badge tone="info">Branching</Badge> : automation.steps.length}
            </TableCell>
            <TableCell className="text-right tabular-nums">{automation.stats.active}</TableCell>
            <TableCell className="text-right tabular-nums">{automation.stats.completed}</TableCell>
            <TableCell className="text-right text-zinc-500">
              <span title={formatDateTime(automation.updatedAt)}>{formatRelative(automation.updatedAt, now)}</span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function AutomationsTableSkeleton() {
  return (
    <Table aria-busy="true" aria-label="Loading automations">
      <Head />
      <TableBody>
        <SkeletonRows
          cells={["h-4 w-40", "h-4 w-36", "h-5 w-16", "ml-auto h-4 w-6", "ml-auto h-4 w-6", "ml-auto h-4 w-6", "ml-auto h-4 w-20"]}
        />
      </TableBody>
    </Table>
  );
}

export function AutomationsView() {
  const router = useRouter();
  const [offset, setOffset] = useState(0);
  const automations = useAutomations({ limit: PAGE_SIZE, offset });
  const create = useCreateAutomation();
  const lists = useAllLists();
  const list = automations.data?.data;
  // Start on the account's first list when there is one; the builder changes it in one click.
  const firstList = lists.data?.data[0]?.name;
  const blank = firstList ? { ...BLANK_AUTOMATION, triggerConfig: { listName: firstList } } : BLANK_AUTOMATION;

  const newButton = (variant: "primary" | "secondary") => (
    <Button
      variant={variant}
      loading={create.isPending}
      onClick={() => create.mutate(blank, { onSuccess: (automation) => router.push(`/automations/${automation.id}`) })}
    >
      <PlusIcon />
      New automation
    </Button>
  );
  const browse = (variant: "primary" | "secondary") => (
    <Link href="/automations/scenarios" className={buttonClasses({ variant })}>
      <SparklesIcon />
      Browse scenarios
    </Link>
  );

  let content;
  if (automations.isPending) content = <AutomationsTableSkeleton />;
  else if (automations.isError && !automations.data)
    content = <LoadError title="Could not load your automations" error={automations.error} onRetry={() => automations.refetch()} />;
  else if (list && list.length === 0)
    content = (
      <EmptyState
        icon={WorkflowIcon}
        title="Send the right email at the right moment"
        description="An automation enrolls a contact when they join a list or a property changes, then sends a series of emails with waits in between. Start from one of 43 ready-made scenarios, or from scratch."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {browse("primary")}
            {newButton("secondary")}
          </div>
        }
      />
    );
  else content = <AutomationsTable automations={list ?? []} />;

  return (
    <>
      <PageHeader
        title="Automations"
        description="Email sequences that start when a contact joins a list or a property changes."
        actions={
          <>
            {browse("secondary")}
            {newButton("primary")}
          </>
        }
      />
      {create.isError && (
        <Alert tone="error" title="Could not create the automation" className="mb-4">
          {errorMessage(create.error)}
        </Alert>
      )}
      {content}
      {automations.data && list && list.length > 0 && (
        <Pagination
          limit={PAGE_SIZE}
          offset={offset}
          total={automations.data.pagination.total}
          onOffsetChange={setOffset}
          noun="automations"
        />
      )}
    </>
  );
}
