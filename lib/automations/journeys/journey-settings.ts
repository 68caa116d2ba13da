import { Prisma } from "@/lib/generated/prisma/client";
import type { JourneySettings } from "../graph/journey-schemas";
import type { Goal } from "../graph/settings-schema";
import { formatDurationMinutes } from "../graph/duration";
import type { SendWindow } from "../graph/send-window-schema";

/** The automation columns of the settings a body gave (those it left out stay as they are). */
export function settingsData(s: JourneySettings) {
  return {
    ...(s.goal !== undefined
      ? {
          goal: s.goal === null ? Prisma.DbNull : (s.goal as object),
          goalEventName: s.goal && "eventName" in s.goal ? s.goal.eventName : null,
        }
      : {}),
    ...(s.reentry !== undefined ? { reentry: s.reentry } : {}),
    ...(s.cooldown !== undefined ? { reentryCooldownMinutes: s.cooldown } : {}),
    ...(s.transactional !== undefined ? { transactional: s.transactional } : {}),
    ...(s.from !== undefined ? { from: s.from || null } : {}),
    ...(s.send_window !== undefined ? { sendWindow: s.send_window === null ? Prisma.DbNull : (s.send_window as object) } : {}),
  };
}

/** The same columns from the spec's automation bodies (camelCase sendWindow; the sender is their own field). */
export function automationSettingsData(s: Omit<JourneySettings, "send_window" | "from"> & { sendWindow?: SendWindow | null }) {
  return settingsData({
    goal: s.goal,
    reentry: s.reentry,
    cooldown: s.cooldown,
    transactional: s.transactional,
    send_window: s.sendWindow,
  });
}

/** The settings as the API shows them (snake_case, as the SDK's shapes are). */
export function serializeSettings(a: {
  goal: unknown;
  reentry: string;
  reentryCooldownMinutes: number;
  transactional: boolean;
  from: string | null;
  sendWindow: unknown;
}) {
  const goal = a.goal as Goal | null;
  return {
    goal: goal === null ? null : "eventName" in goal ? { event_name: goal.eventName } : { rule: goal.rule },
    reentry: a.reentry,
    cooldown: a.reentryCooldownMinutes ? formatDurationMinutes(a.reentryCooldownMinutes) : null,
    transactional: a.transactional,
    from: a.from,
    send_window: (a.sendWindow ?? null) as SendWindow | null,
  };
}
