import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/schemas";
import { cn } from "@/lib/ui/cn";
import { EVENT_LABELS } from "./event-labels";

interface EventTypeCheckboxesProps {
  value: readonly string[];
  onChange: (events: WebhookEventType[]) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  /** Three columns on large screens (the detail page; dialogs stay at two). */
  wide?: boolean;
}

/** One checkbox per event type, with "all" and "none" shortcuts. */
export function EventTypeCheckboxes({ value, onChange, onBlur, error, disabled, wide }: EventTypeCheckboxesProps) {
  const toggle = (type: WebhookEventType, on: boolean) =>
    onChange(WEBHOOK_EVENT_TYPES.filter((t) => (t === type ? on : value.includes(t))));
  const all = value.length === WEBHOOK_EVENT_TYPES.length;
  return (
    <fieldset disabled={disabled} aria-describedby={error ? "webhook-events-error" : undefined}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <legend className="text-[13px] font-medium text-zinc-800">Events</legend>
        <button
          type="button"
          onClick={() => onChange(all ? [] : [...WEBHOOK_EVENT_TYPES])}
          className="rounded text-[13px] font-medium text-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {all ? "Clear all" : "Select all"}
        </button>
      </div>
      <div className={cn("grid gap-2 sm:grid-cols-2", wide && "lg:grid-cols-3")}>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label
            key={type}
            className={cn(
              "flex cursor-pointer gap-3 rounded-lg border border-zinc-200 px-3.5 py-2.5 transition-colors hover:bg-zinc-50",
              "has-checked:border-brand-500 has-checked:bg-brand-50/60 has-checked:ring-1 has-checked:ring-brand-500",
              "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500",
            )}
          >
            <input
              type="checkbox"
              value={type}
              checked={value.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
              onBlur={onBlur}
              className="mt-0.5 size-4 shrink-0 accent-brand-600 focus:outline-none"
            />
            <span className="min-w-0">
              <span className="flex flex-wrap items-baseline gap-x-2 text-sm font-medium text-zinc-900">
                {EVENT_LABELS[type].label}
                <code className="font-mono text-[11px] font-normal text-zinc-500">{type}</code>
              </span>
              <span className="block text-[13px] text-zinc-500">{EVENT_LABELS[type].description}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="webhook-events-error" className="mt-1.5 text-[13px] text-red-600 first-letter:uppercase">
          {error}
        </p>
      )}
    </fieldset>
  );
}
