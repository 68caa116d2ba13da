import { getDb } from "@/lib/db/client";
import type { Broadcast } from "@/lib/generated/prisma/client";
import { selectBroadcastStats, selectBroadcastVariantStats } from "./broadcast-stats-sql";
import { serializeBroadcast, type AbTestFacts } from "./serialize-broadcast";

/**
 * Serializes broadcasts of one account with their stats and list names (two reads for any
 * number); those with an A/B test that started add their variants' numbers and variant A's
 * subject (fixed when the fan-out started, else its template's): two reads more for any number.
 */
export async function describeBroadcasts(accountId: string, broadcasts: Broadcast[]) {
  const db = getDb();
  const started = broadcasts.filter((b) => b.startedAt);
  const tested = started.filter((b) => b.abTest);
  // Variant A's subject is the one fixed when the fan-out started; until then, the template's as it is now.
  const templateIds = [...new Set(tested.filter((b) => b.sendSubject === null && b.templateId).map((b) => b.templateId!))];
  const [stats, lists, variants, templates] = await Promise.all([
    selectBroadcastStats(db, { accountId, broadcastIds: started.map((b) => b.id) }),
    db.contactList.findMany({
      where: { accountId, id: { in: [...new Set(broadcasts.map((b) => b.listId))] } },
      select: { id: true, name: true },
    }),
    selectBroadcastVariantStats(db, { accountId, broadcastIds: tested.map((b) => b.id) }),
    templateIds.length ? db.template.findMany({ where: { accountId, id: { in: templateIds } }, select: { id: true, subject: true } }) : [],
  ]);
  const statsById = new Map(stats.map((s) => [s.broadcastId, s]));
  const listById = new Map(lists.map((l) => [l.id, l]));
  const subjectByTemplate = new Map(templates.map((t) => [t.id, t.subject]));
  const abFacts = (b: Broadcast): AbTestFacts | undefined =>
    b.abTest
      ? {
          variants: variants.filter((v) => v.broadcastId === b.id),
          subjectA: b.sendSubject ?? (b.templateId ? subjectByTemplate.get(b.templateId) : null),
        }
      : undefined;
  return broadcasts.map((b) => serializeBroadcast(b, statsById.get(b.id), listById.get(b.listId), abFacts(b)));
}

export async function describeBroadcast(accountId: string, broadcast: Broadcast) {
  return (await describeBroadcasts(accountId, [broadcast]))[0];
}
