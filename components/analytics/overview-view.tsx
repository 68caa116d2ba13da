"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { useAnalyticsOverview, useAnalyticsTimeseries, useTopLinks, type AnalyticsInterval } from "@/lib/hooks/use-analytics";
import { cn } from "@/lib/ui/cn";
import { LoadError } from "@/components/ui/load-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import { ActivityChart, SERIES, type SeriesKey } from "./activity-chart";
import { useServerClockOffset } from "@/lib/hooks/use-server-clock";
import {
  MAX_HOURLY_DAYS,
  overviewSearchParams,
  previousPeriodLabel,
  resolveRange,
  type OverviewFilterValues,
} from "@/lib/ui/analytics-range";
import type { OnboardingPath } from "@/lib/ui/onboarding-steps";
import { GetStartedPanel } from "./get-started-panel";
import { KpiCards } from "./kpi-cards";
import { OverviewFilters } from "./overview-filters";
import { TopLinksSkeleton, TopLinksTable } from "./top-links-table";
import { ChartEmpty, StaleBanner } from "./overview-notices";

interface OverviewViewProps {
  /** The first steps (lib/ui/onboarding-steps.ts), shown until the account sends its first email. */
  getStarted: { hasEmail: boolean; paths: OnboardingPath[] };
  /** The filters from the page's URL, so a reload or a shared link shows the same view. */
  initialValues: OverviewFilterValues;
  initialInterval: AnalyticsInterval;
}

export function OverviewView({ getStarted, initialValues, initialInterval }: OverviewViewProps) {
  // Fixed when the range is picked, so the query keys (and the cache) hold still between renders.
  const [now, setNow] = useState(() => Date.now());
  const [values, setValues] = useState<OverviewFilterValues>(initialValues);
  const [chosenInterval, setChosenInterval] = useState<AnalyticsInterval>(initialInterval);
  const [visible, setVisible] = useState<SeriesKey[]>(["sent", "delivered", "opened", "clicked", "bounced"]);

  // The filters live in the URL: replaced in place (no history entry, no server round trip).
  function writeUrl(next: OverviewFilterValues, nextInterval: AnalyticsInterval) {
    const search = overviewSearchParams(next, nextInterval).toString();
    window.history.replaceState(null, "", search ? `?${search}` : window.location.pathname);
  }

  // Ranges are the service's last N days: it may run a test clock ahead of this browser.
  const offset = useServerClockOffset();
  const range = useMemo(() => resolveRange(values, now + (offset ?? 0)), [values, now, offset]);
  const resolved = offset === undefined || "error" in range ? null : range;
  const hourAllowed = resolved !== null && resolved.days <= MAX_HOURLY_DAYS;
  const interval = hourAllowed ? chosenInterval : "day";

  const current = useAnalyticsOverview(resolved?.current ?? null);
  const previous = useAnalyticsOverview(resolved?.previous ?? null);
  const series = useAnalyticsTimeseries(resolved?.current ?? null, interval);
  const links = useTopLinks(resolved?.current ?? null);
  const filtered = Boolean(values.automationId || values.domain);
  const periodLabel = previousPeriodLabel(resolved?.days ?? 30);

  function onFiltersChange(next: OverviewFilterValues) {
    setNow(Date.now());
    setValues(next);
    writeUrl(next, chosenInterval);
  }

  function setInterval(next: AnalyticsInterval) {
    setChosenInterval(next);
    writeUrl(values, next);
  }

  function refresh() {
    for (const q of [current, previous, series, links]) void q.refetch();
  }

  // A failed refetch keeps the last data in react-query: it is shown, but marked as stale.
  const failed = [current, previous, series, links].find((q) => q.isError && q.data !== undefined && !q.isPlaceholderData);
  const stale = failed !== undefined;
  const retryFailed = () => {
    for (const q of [current, previous, series, links]) if (q.isError) void q.refetch();
  };

  function toggle(key: SeriesKey) {
    setVisible((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
  }

  const points = series.data?.data;
  const chartEmpty = points !== undefined && points.every((p) => p.sent === 0 && p.delivered === 0 && p.bounced === 0);

  return (
    <>
      <PageHeader
        title="Overview"
        description="Delivery, engagement and problems across everything you send."
        actions={
          <Button variant="secondary" onClick={refresh} loading={current.isFetching || series.isFetching}>
            Refresh
          </Button>
        }
      />
      {!getStarted.hasEmail && <GetStartedPanel paths={getStarted.paths} />}
      <OverviewFilters values={values} onChange={onFiltersChange} rangeError={"error" in range ? range.error : undefined} />

      {stale && <StaleBanner updatedAt={failed.dataUpdatedAt} error={failed.error} onRetry={retryFailed} />}

      {/* While other filters load, the previous numbers stay, dimmed; so do numbers a refetch failed to renew. */}
      <div
        data-stale={stale ? "true" : undefined}
        aria-busy={current.isPlaceholderData || series.isPlaceholderData ? true : undefined}
        className={cn("space-y-6 transition-opacity", (current.isPlaceholderData || series.isPlaceholderData || stale) && "opacity-60")}
      >
        {current.isError && !current.data ? (
          <LoadError title="Could not load your numbers" error={current.error} onRetry={() => current.refetch()} />
        ) : (
          <KpiCards current={current.data} previous={previous.data} periodLabel={periodLabel} />
        )}

        <Card>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-100 px-5 py-4">
            <div>
              <h2 className="text-sm font-semibold text-zinc-900">Activity</h2>
              <p className="text-xs text-zinc-500">Opened and clicked count each recipient once.</p>
            </div>
            <SegmentedControl
              label="Interval"
              value={interval}
              onValueChange={setInterval}
              options={
                hourAllowed
                  ? [
                      { value: "day", label: "Daily" },
                      { value: "hour", label: "Hourly" },
                    ]
                  : [{ value: "day", label: "Daily" }]
              }
            />
          </div>
          <div className="px-5 pt-4">
            <div role="group" aria-label="Series" className="flex flex-wrap gap-2">
              {SERIES.map((s) => {
                const on = visible.includes(s.key);
                return (
                  <button
                    key={s.key}
                    type="button"
                    aria-pressed={on}
                    onClick={() => toggle(s.key)}
                    className={cn(
                      "inline-flex h-7 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium transition-colors",
                      "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
                      on ? "border-zinc-200 bg-white text-zinc-800 shadow-xs" : "border-dashed border-zinc-300 bg-zinc-50 text-zinc-500",
                    )}
                  >
                    <span aria-hidden="true" className={cn("size-2 rounded-full", on ? s.swatch : "bg-zinc-300")} />
                    {s.label}
                  </button>
                );
              })}
            </div>
          </div>
          <div className="relative px-3 pt-3 pb-4">
            {series.isError && !points ? (
              <div className="px-2 pb-2">
                <LoadError title="Could not load the chart" error={series.error} onRetry={() => series.refetch()} />
              </div>
            ) : !points ? (
              <div role="status" aria-busy="true" aria-label="Loading the chart" className="px-2">
                <Skeleton className="h-72 w-full" />
              </div>
            ) : (
              <>
                <ActivityChart data={points} interval={interval} visible={visible} />
                {chartEmpty && <ChartEmpty hasEmail={getStarted.hasEmail} filtered={filtered} />}
              </>
            )}
          </div>
        </Card>

        <section aria-labelledby="top-links-title">
          <div className="mb-3 flex items-baseline justify-between gap-3">
            <h2 id="top-links-title" className="text-sm font-semibold text-zinc-900">
              Top links
            </h2>
            <p className="text-xs text-zinc-500">Most clicked links in the period</p>
          </div>
          {links.isError && !links.data ? (
            <LoadError title="Could not load top links" error={links.error} onRetry={() => links.refetch()} />
          ) : !links.data ? (
            <TopLinksSkeleton />
          ) : links.data.data.length === 0 ? (
            <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-10 text-center">
              <p className="text-sm font-semibold text-zinc-900">No clicks yet</p>
              <p className="mx-auto mt-1 max-w-md text-sm text-zinc-500">
                Links in your emails are counted here when click tracking is on. Check it in{" "}
                <Link href="/settings#account" className="font-medium text-brand-600 hover:underline">
                  account settings
                </Link>
                .
              </p>
            </div>
          ) : (
            <TopLinksTable links={links.data.data} />
          )}
        </section>
      </div>
    </>
  );
}
