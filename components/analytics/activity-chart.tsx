"use client";

import { useId } from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from "recharts";
import type { AnalyticsInterval, TimeseriesPoint } from "@/lib/hooks/use-analytics";
import { cn } from "@/lib/ui/cn";

export type SeriesKey = "sent" | "delivered" | "opened" | "clicked" | "bounced";

// Opens and clicks are charted as unique counts, like the rates above the chart.
export const SERIES: { key: SeriesKey; label: string; field: keyof TimeseriesPoint; color: string; swatch: string }[] = [
  { key: "sent", label: "Sent", field: "sent", color: "#6366f1", swatch: "bg-indigo-500" },
  { key: "delivered", label: "Delivered", field: "delivered", color: "#10b981", swatch: "bg-emerald-500" },
  { key: "opened", label: "Opened", field: "uniqueOpened", color: "#0ea5e9", swatch: "bg-sky-500" },
  { key: "clicked", label: "Clicked", field: "uniqueClicked", color: "#f59e0b", swatch: "bg-amber-500" },
  { key: "bounced", label: "Bounced", field: "bounced", color: "#ef4444", swatch: "bg-red-500" },
];

const number = new Intl.NumberFormat("en-US");
// Day buckets are UTC days: labelled in UTC so a bucket never shows as the day before.
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const hourLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric" });
const hourTick = new Intl.DateTimeFormat("en-US", { hour: "numeric" });

/** Hour ticks name the hour alone over a day or two, the day and hour over longer ranges. */
function formatBucket(iso: string, interval: AnalyticsInterval, shortTick = false) {
  const date = new Date(iso);
  if (interval === "day") return dayLabel.format(date);
  return shortTick && date.getHours() !== 0 ? hourTick.format(date) : hourLabel.format(date);
}

function ChartTooltip({
  active,
  payload,
  label,
  interval,
}: Pick<TooltipContentProps<number, string>, "active" | "payload" | "label"> & { interval: AnalyticsInterval }) {
  if (!active || !payload?.length) return null;
  return (
    <div className="min-w-40 rounded-lg border border-zinc-200 bg-white px-3 py-2.5 text-xs shadow-lg">
      <p className="mb-1.5 font-medium text-zinc-900">{formatBucket(String(label), interval)}</p>
      <ul className="space-y-1">
        {payload.map((entry) => {
          const series = SERIES.find((s) => s.field === entry.dataKey);
          return (
            <li key={String(entry.dataKey)} className="flex items-center justify-between gap-4">
              <span className="flex items-center gap-1.5 text-zinc-600">
                <span aria-hidden="true" className={cn("size-2 rounded-full", series?.swatch)} />
                {series?.label}
              </span>
              <span className="font-medium text-zinc-900 tabular-nums">{number.format(Number(entry.value))}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface ActivityChartProps {
  data: TimeseriesPoint[];
  interval: AnalyticsInterval;
  visible: SeriesKey[];
}

/** Emails over time: per day one bar per visible series, per hour one area per series. */
export function ActivityChart({ data, interval, visible }: ActivityChartProps) {
  const gradientId = useId().replace(/:/g, "");
  const shown = SERIES.filter((s) => visible.includes(s.key));
  const total = data.reduce((sum, point) => sum + point.sent, 0);
  const margin = { top: 8, right: 20, bottom: 0, left: -12 };
  // An array, not a fragment: recharts reads its children's types.
  const axes = [
    <CartesianGrid key="grid" vertical={false} stroke="#f4f4f5" />,
    <XAxis
      key="x"
      dataKey="date"
      tickFormatter={(value: string) => formatBucket(value, interval, data.length <= 48)}
      tick={{ fontSize: 12, fill: "#71717a" }}
      tickLine={false}
      axisLine={{ stroke: "#e4e4e7" }}
      minTickGap={24}
      tickMargin={8}
    />,
    <YAxis
      key="y"
      allowDecimals={false}
      tick={{ fontSize: 12, fill: "#71717a" }}
      tickLine={false}
      axisLine={false}
      width={48}
      tickFormatter={(value: number) => number.format(value)}
    />,
  ];
  const tooltip = (cursor: object) => (
    <Tooltip
      content={({ active, payload, label }) => <ChartTooltip active={active} payload={payload} label={label} interval={interval} />}
      cursor={cursor}
    />
  );
  return (
    <div
      className="h-72 w-full"
      role="img"
      aria-label={`Chart of ${shown.map((s) => s.label.toLowerCase()).join(", ")} per ${interval}: ${number.format(total)} sent in the range`}
      data-testid="activity-chart"
      data-chart={interval === "day" ? "bar" : "area"}
    >
      <ResponsiveContainer width="100%" height="100%">
        {interval === "day" ? (
          <BarChart data={data} margin={margin} barGap={1} barCategoryGap="20%">
            {axes}
            {tooltip({ fill: "#f4f4f5" })}
            {shown.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.field}
                name={s.label}
                fill={s.color}
                radius={[2, 2, 0, 0]}
                maxBarSize={14}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        ) : (
          <AreaChart data={data} margin={margin}>
            <defs>
              {SERIES.map((s) => (
                <linearGradient key={s.key} id={`${gradientId}-${s.key}`} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={s.color} stopOpacity={0.18} />
                  <stop offset="100%" stopColor={s.color} stopOpacity={0} />
                </linearGradient>
              ))}
            </defs>
            {axes}
            {tooltip({ stroke: "#d4d4d8", strokeDasharray: "3 3" })}
            {shown.map((s) => (
              <Area
                key={s.key}
                type="monotone"
                dataKey={s.field}
                name={s.label}
                stroke={s.color}
                strokeWidth={2}
                fill={`url(#${gradientId}-${s.key})`}
                dot={false}
                activeDot={{ r: 4, strokeWidth: 2, stroke: "#fff" }}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
