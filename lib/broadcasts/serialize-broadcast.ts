import type { Broadcast } from "@/lib/generated/prisma/client";
import type { BroadcastStatsRow } from "./broadcast-stats-sql";
import type { Design } from "@/lib/templates/design";
import type { LocalTime } from "./local-time-schema";

export function serializeBroadcast(broadcast: Broadcast, stats?: BroadcastStatsRow | null, list?: { name: string } | null) {
  return {
    id: broadcast.id,
    name: broadcast.name,
    from: broadcast.from,
    subject: broadcast.subject,
    html: broadcast.html,
    // Stored only after the schema accepted it.
    design: (broadcast.design ?? null) as Design | null,
    text: broadcast.text,
    templateId: broadcast.templateId,
    listId: broadcast.listId,
    listName: list?.name ?? null,
    topicId: broadcast.topicId,
    status: broadcast.status,
    scheduledAt: broadcast.scheduledAt?.toISOString() ?? null,
    // Stored only after the schema accepted it.
    localTime: (broadcast.localTime ?? null) as LocalTime | null,
    startedAt: broadcast.startedAt?.toISOString() ?? null,
    finishedAt: broadcast.finishedAt?.toISOString() ?? null,
    lastError: broadcast.lastError,
    stats: {
      recipients: stats?.recipients ?? 0,
      sent: stats?.sent ?? 0,
      delivered: stats?.delivered ?? 0,
      opened: stats?.opened ?? 0,
      clicked: stats?.clicked ?? 0,
      bounced: stats?.bounced ?? 0,
      unsubscribed: broadcast.unsubscribed,
      skipped: broadcast.skipped,
      optedOut: broadcast.optedOut,
    },
    createdAt: broadcast.createdAt.toISOString(),
    updatedAt: broadcast.updatedAt.toISOString(),
  };
}

export type BroadcastResponse = ReturnType<typeof serializeBroadcast>;
