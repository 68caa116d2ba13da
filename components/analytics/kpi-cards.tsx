import type { AnalyticsOverview } from "@/lib/hooks/use-analytics";
import { cn } from "@/lib/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";

const count = new Intl.NumberFormat("en-US");
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
const points = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1, signDisplay: "always" });
const change = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 0, signDisplay: "always" });

interface Kpi {
  id: string;
  label: string;
  kind: "count" | "rate";
  value: (o: AnalyticsOverview) => number;
  /** The count behind a rate, shown under it. */
  detail?: (o: AnalyticsOverview) => string;
  /** Bounces and complaints: going up is bad news. */
  lowerIsBetter?: boolean;
}

const counted = (n: number, one: string, many = `${one}s`) => `${count.format(n)} ${n === 1 ? one : many}`;

const KPIS: Kpi[] = [
  {
    id: "sent",
    label: "Sent",
    kind: "count",
    value: (o) => o.sent,
    detail: (o) => `${counted(o.opened.total, "open")} · ${counted(o.clicked.total, "click")}`,
  },
  {
    id: "delivered",
    label: "Delivery rate",
    kind: "rate",
    value: (o) => o.rates.delivered,
    detail: (o) => `${count.format(o.delivered)} delivered`,
  },
  { id: "opened", label: "Open rate", kind: "rate", value: (o) => o.rates.opened, detail: (o) => counted(o.opened.unique, "unique open") },
  {
    id: "clicked",
    label: "Click rate",
    kind: "rate",
    value: (o) => o.rates.clicked,
    detail: (o) => counted(o.clicked.unique, "unique click"),
  },
  {
    id: "bounced",
    label: "Bounce rate",
    kind: "rate",
    value: (o) => o.rates.bounced,
    detail: (o) => `${count.format(o.bounced)} bounced`,
    lowerIsBetter: true,
  },
  {
    id: "complained",
    label: "Complaint rate",
    kind: "rate",
    value: (o) => o.rates.complained,
    detail: (o) => counted(o.complained, "complaint"),
    lowerIsBetter: true,
  },
];

function Change({
  kpi,
  current,
  previous,
  periodLabel,
}: {
  kpi: Kpi;
  current: AnalyticsOverview;
  previous?: AnalyticsOverview;
  periodLabel: string;
}) {
  if (!previous) return <Skeleton className="h-5 w-14" />;
  const now = kpi.value(current);
  const before = kpi.value(previous);
  const title = `Compared with ${periodLabel}`;
  // Nothing was sent before: a change would compare against nothing.
  if (previous.sent === 0) {
    return (
      <span title={`No emails in ${periodLabel} to compare with`} className="text-sm text-zinc-300">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No earlier data to compare with</span>
      </span>
    );
  }
  const diff = now - before;
  let text: string;
  if (kpi.kind === "count") text = before === 0 ? "New" : change.format(diff / before);
  else text = `${points.format(diff * 100)} pts`;
  const direction = Math.abs(diff) < 1e-9 ? "flat" : diff > 0 ? "up" : "down";
  const good = direction === "flat" ? null : (direction === "up") !== Boolean(kpi.lowerIsBetter);
  return (
    <span
      title={title}
      className={cn(
        "inline-flex items-center gap-0.5 rounded-md px-1.5 py-0.5 text-xs font-medium tabular-nums",
        good === null ? "bg-zinc-100 text-zinc-600" : good ? "bg-emerald-50 text-emerald-700" : "bg-red-50 text-red-700",
      )}
    >
      <span aria-hidden="true">{direction === "up" ? "↑" : direction === "down" ? "↓" : "→"}</span>
      {direction === "flat" ? "No change" : text.replace(/^[+-]/, "")}
      <span className="sr-only">
        {" "}
        {direction === "flat" ? "" : direction} compared with {periodLabel}
      </span>
    </span>
  );
}

interface KpiCardsProps {
  current?: AnalyticsOverview;
  previous?: AnalyticsOverview;
  periodLabel: string;
}

export function KpiCards({ current, previous, periodLabel }: KpiCardsProps) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3" aria-busy={!current || undefined}>
      {KPIS.map((kpi) => (
        <div
          key={kpi.id}
          role="group"
          aria-labelledby={`kpi-${kpi.id}-label`}
          data-testid={`kpi-${kpi.id}`}
          className="rounded-xl border border-zinc-200 bg-white p-4 shadow-card sm:p-5"
        >
          <p id={`kpi-${kpi.id}-label`} className="text-[13px] font-medium text-zinc-500">
            {kpi.label}
          </p>
          {current ? (
            <>
              <div className="mt-1.5 flex flex-wrap items-baseline justify-between gap-x-2 gap-y-1">
                <p className="text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums" data-testid={`kpi-${kpi.id}-value`}>
                  {kpi.kind === "count" ? count.format(kpi.value(current)) : percent.format(kpi.value(current))}
                </p>
                <Change kpi={kpi} current={current} previous={previous} periodLabel={periodLabel} />
              </div>
              {kpi.detail && <p className="mt-1 text-xs text-zinc-500 tabular-nums">{kpi.detail(current)}</p>}
            </>
          ) : (
            <>
              <Skeleton className="mt-2.5 h-7 w-20" />
              <Skeleton className="mt-2 h-3.5 w-24" />
            </>
          )}
        </div>
      ))}
    </div>
  );
}
