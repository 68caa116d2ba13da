"use client";

import { useMemo, useRef, useState } from "react";
import Link from "next/link";
import { INDUSTRIES, type Industry } from "@/lib/automations/scenarios/define-scenario";
import { useScenarios } from "@/lib/hooks/use-scenarios";
import { errorMessage } from "@/lib/ui/fetch-api";
import { cn } from "@/lib/ui/cn";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ChevronLeftIcon, SearchIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs } from "@/components/ui/tabs";
import { formatDelay, triggerSummary } from "./automation-format";
import { INDUSTRY_LABELS, ScenarioPreview, totalDuration } from "./scenario-preview";

type Filter = "all" | Industry;

export function ScenarioGallery() {
  const scenarios = useScenarios();
  const [filter, setFilter] = useState<Filter>("all");
  const [search, setSearch] = useState("");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // In one column (below lg) the preview sits under every card: a pick scrolls to it (its
  // box stays where it is whichever scenario it shows).
  const previewRef = useRef<HTMLDivElement>(null);

  const visible = useMemo(() => {
    const words = search.trim().toLowerCase();
    return (scenarios.data ?? []).filter(
      (s) =>
        (filter === "all" || s.industry === filter) &&
        (!words || `${s.name} ${s.description} ${s.steps.map((step) => step.subject).join(" ")}`.toLowerCase().includes(words)),
    );
  }, [scenarios.data, filter, search]);
  const selected = visible.find((s) => s.id === selectedId) ?? visible[0];

  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const s of scenarios.data ?? []) map.set(s.industry, (map.get(s.industry) ?? 0) + 1);
    return map;
  }, [scenarios.data]);

  const items = [
    {
      value: "all" as Filter,
      label: (
        <>
          All <span className="text-zinc-500">{scenarios.data?.length ?? ""}</span>
        </>
      ),
    },
    ...INDUSTRIES.map((industry) => ({
      value: industry as Filter,
      label: (
        <>
          {INDUSTRY_LABELS[industry]} <span className="text-zinc-500">{counts.get(industry) ?? ""}</span>
        </>
      ),
    })),
  ];

  let body;
  if (scenarios.isPending)
    body = (
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
        <div className="space-y-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
        <Skeleton className="h-96 w-full" />
      </div>
    );
  else if (scenarios.isError)
    body = (
      <Alert tone="error" title="Could not load the scenarios">
        {errorMessage(scenarios.error)}
      </Alert>
    );
  else if (visible.length === 0)
    body = (
      <EmptyState
        icon={SearchIcon}
        title="No scenarios match"
        description="Try another word or industry."
        action={
          <Button
            variant="secondary"
            onClick={() => {
              setSearch("");
              setFilter("all");
            }}
          >
            Clear filters
          </Button>
        }
      />
    );
  else
    body = (
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
        <ul aria-label="Scenarios" className="space-y-2 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto lg:pr-1">
          {visible.map((scenario) => {
            const active = scenario.id === selected?.id;
            return (
              <li key={scenario.id}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => {
                    setSelectedId(scenario.id);
                    if (!window.matchMedia("(min-width: 1024px)").matches) previewRef.current?.scrollIntoView({ block: "start" });
                  }}
                  className={cn(
                    "w-full cursor-pointer rounded-lg border bg-white px-3.5 py-3 text-left transition-colors",
                    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
                    active ? "border-zinc-900 ring-1 ring-zinc-900" : "border-zinc-200 hover:border-zinc-300 hover:bg-zinc-50",
                  )}
                >
                  <span className="block text-sm font-medium text-zinc-900">{scenario.name}</span>
                  <span className="mt-0.5 line-clamp-2 text-[13px] text-zinc-500">{scenario.description}</span>
                  <span className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-500">
                    <span>{triggerSummary(scenario.triggerType, scenario.triggerConfig)}</span>
                    <span>
                      {scenario.steps.length} emails · over {formatDelay(totalDuration(scenario)).replace("Immediately", "one day")}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <div ref={previewRef} className="scroll-mt-20 md:scroll-mt-4">
          {selected && <ScenarioPreview key={selected.id} scenario={selected} />}
        </div>
      </div>
    );

  return (
    <>
      <Link href="/automations" className="mb-3 inline-flex items-center gap-1 text-[13px] text-zinc-500 hover:text-zinc-900">
        <ChevronLeftIcon className="size-3.5" />
        Automations
      </Link>
      <PageHeader
        title="Scenario gallery"
        description="Ready-made email sequences for seven industries. Preview every email, then use one as the starting point of your automation."
      />
      <div className="mb-5 flex flex-col gap-3">
        <div className="relative max-w-xs">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-400" />
          <Input
            type="search"
            aria-label="Search scenarios"
            placeholder="Search scenarios"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <Tabs label="Industry" items={items} value={filter} onValueChange={setFilter}>
        {body}
      </Tabs>
    </>
  );
}
