import type { Broadcast } from "@/lib/generated/prisma/client";
import type { BroadcastStatsRow, BroadcastVariantStatsRow } from "./broadcast-stats-sql";
import { variantName, variantSubject, type AbTest } from "./ab-test-schema";
import type { Design } from "@/lib/templates/design";
import type { LocalTime } from "./local-time-schema";

/** What an A/B test knows once the broadcast started: each variant's numbers (zeros before any), the end and the winner. */
function serializeAbTestResult(broadcast: Broadcast, abTest: AbTest | null, ab?: AbTestFacts) {
  if (!abTest || !broadcast.startedAt) return null;
  const rows = new Map((ab?.variants ?? []).map((v) => [v.variant, v]));
  const base = ab?.subjectA ?? broadcast.subject;
  return {
    endsAt: broadcast.abTestEndsAt?.toISOString() ?? null,
    winner: broadcast.abWinner,
    variants: [base, ...abTest.subjects].map((_, i) => {
      const variant = variantName(i);
      const row = rows.get(variant);
      return {
        variant,
        subject: variantSubject(abTest, base, variant),
        recipients: row?.recipients ?? 0,
        delivered: row?.delivered ?? 0,
        opened: row?.opened ?? 0,
        clicked: row?.clicked ?? 0,
      };
    }),
  };
}

/** An A/B test's numbers per variant, and variant A's subject when it is not the broadcast's own (its template's). */
export interface AbTestFacts {
  variants: BroadcastVariantStatsRow[];
  subjectA?: string | null;
}

export function serializeBroadcast(
  broadcast: Broadcast,
  stats?: BroadcastStatsRow | null,
  list?: { name: string } | null,
  ab?: AbTestFacts,
) {
  // Stored only after the schema accepted it.
  const abTest = (broadcast.abTest ?? null) as AbTest | null;
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
    abTest,
    abTestResult: serializeAbTestResult(broadcast, abTest, ab),
    // Fixed together when the fan-out starts; the subject is set last.
    sent: broadcast.sendSubject === null ? null : { subject: broadcast.sendSubject, html: broadcast.sendHtml, text: broadcast.sendText },
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
