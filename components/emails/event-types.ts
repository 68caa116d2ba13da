import type { ComponentType } from "react";
import { BanIcon, CheckIcon, ClockIcon, EyeIcon, PointerIcon, SendIcon, type IconProps } from "@/components/ui/icons";
import { CalendarIcon, FlagIcon, XCircleIcon } from "./email-icons";

type Tone = "neutral" | "success" | "warning" | "danger" | "brand" | "info" | "orange";

interface EventLook {
  label: string;
  icon: ComponentType<IconProps>;
  tone: Tone;
}

const EVENTS: Record<string, EventLook> = {
  "email.scheduled": { label: "Scheduled", icon: CalendarIcon, tone: "brand" },
  "email.queued": { label: "Queued", icon: ClockIcon, tone: "neutral" },
  "email.sent": { label: "Sent", icon: SendIcon, tone: "info" },
  "email.deferred": { label: "Deferred", icon: ClockIcon, tone: "warning" },
  "email.delivered": { label: "Delivered", icon: CheckIcon, tone: "success" },
  "email.opened": { label: "Opened", icon: EyeIcon, tone: "brand" },
  "email.clicked": { label: "Clicked", icon: PointerIcon, tone: "brand" },
  "email.bounced": { label: "Bounced", icon: XCircleIcon, tone: "danger" },
  "email.complaint": { label: "Marked as spam", icon: FlagIcon, tone: "orange" },
  "email.suppressed": { label: "Suppressed", icon: BanIcon, tone: "warning" },
  "email.cancelled": { label: "Cancelled", icon: XCircleIcon, tone: "neutral" },
  "email.failed": { label: "Failed", icon: XCircleIcon, tone: "danger" },
};

/** How an event type reads in the log and the timeline ("email.delivered" -> Delivered). */
export function eventLook(type: string | null | undefined): EventLook {
  if (type && EVENTS[type]) return EVENTS[type];
  const bare = (type ?? "").replace(/^email\./, "");
  return { label: bare ? bare[0].toUpperCase() + bare.slice(1) : "Unknown", icon: ClockIcon, tone: "neutral" };
}

export const EVENT_TONE_CLASSES: Record<Tone, string> = {
  neutral: "bg-zinc-100 text-zinc-600 ring-zinc-200",
  success: "bg-emerald-50 text-emerald-600 ring-emerald-200",
  warning: "bg-amber-50 text-amber-600 ring-amber-200",
  danger: "bg-red-50 text-red-600 ring-red-200",
  brand: "bg-brand-50 text-brand-600 ring-brand-200",
  info: "bg-sky-50 text-sky-600 ring-sky-200",
  orange: "bg-orange-50 text-orange-600 ring-orange-200",
};
