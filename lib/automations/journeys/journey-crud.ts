import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { paginated } from "@/lib/api/pagination";
import { assertBelowAutomationLimit } from "../assert-below-automation-limit";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { activateAutomation } from "../activate-automation";
import { pauseAutomation } from "../pause-automation";
import { lockAutomation, lockPausedAutomation } from "../lock-automation";
import { getAutomationOrThrow } from "../get-automation-or-throw";
import { validateGraph } from "../graph/validate-graph";
import { saveGraph } from "../graph/save-graph";
import { readGraph } from "../graph/read-graph";
import { triggerFromStep } from "../graph/linear-graph";
import type { CreateJourneyBody, ListJourneysQuery, UpdateJourneyBody } from "../graph/journey-schemas";
import { settingsData } from "./journey-settings";
import { serializeJourney, serializeJourneyItem } from "./serialize-journey";

// The `resend` SDK's automation calls over the service's automations: one record whether it
// is read as the spec's automation or as a graph.

/** automations.create: the graph validated and stored, paused unless status is enabled. */
export async function createJourney(o: { accountId: string; input: CreateJourneyBody }) {
  const { accountId, input } = o;
  const graph = validateGraph({ steps: input.steps, connections: input.connections });
  const trigger = triggerFromStep(graph.steps.find((s) => s.type === "trigger")!.config);
  const id = newId("aut");
  const at = now();
  // Without an automation sender, the first email's own sender speaks for it.
  const stepFrom = graph.steps.find((s) => s.type === "send_email" && typeof s.config.from === "string")?.config.from as string | undefined;
  await getDb().$transaction(async (tx) => {
    await assertBelowAutomationLimit(tx, accountId);
    await tx.automation.create({
      data: {
        id,
        accountId,
        name: input.name,
        status: "paused",
        triggerType: trigger.triggerType,
        triggerConfig: trigger.triggerConfig,
        from: stepFrom ?? null,
        ...settingsData(input),
        createdAt: at,
        updatedAt: at,
      },
    });
    await saveGraph(tx, { accountId, automationId: id, graph });
  });
  if (input.status === "enabled") {
    // A create answered with an error leaves nothing behind: the caller got no id to find or
    // delete it by, so an activation refused (no sender, say) removes the paused copy.
    try {
      await activateAutomation({ accountId, id });
    } catch (error) {
      await getDb().automation.deleteMany({ where: { id, accountId } });
      throw error;
    }
  }
  return { object: "automation" as const, id };
}

/** automations.get */
export async function getJourney(o: { accountId: string; id: string }) {
  return serializeJourney(await getAutomationOrThrow(o));
}

/** automations.list: newest first, SDK list items. */
export async function listJourneys(o: { accountId: string; query: ListJourneysQuery }) {
  const { limit, offset, status } = o.query;
  const where = { accountId: o.accountId, ...(status ? { status: status === "enabled" ? ("active" as const) : ("paused" as const) } : {}) };
  const [rows, total] = await Promise.all([
    getDb().automation.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, skip: offset }),
    getDb().automation.count({ where }),
  ]);
  const page = paginated(rows.map(serializeJourneyItem), total, { limit, offset });
  return { object: "list" as const, data: page.data, has_more: page.pagination.hasMore };
}

/**
 * automations.update: name and settings at any time; steps and connections only while paused
 * (409 otherwise); status enabled activates (with its checks), disabled pauses.
 */
export async function updateJourney(o: { accountId: string; id: string; input: UpdateJourneyBody }) {
  const { accountId, id, input } = o;
  const graph = input.steps && input.connections ? validateGraph({ steps: input.steps, connections: input.connections }) : null;
  await getDb().$transaction(async (tx) => {
    if (graph) await lockPausedAutomation(tx, accountId, id, "steps change");
    else await lockAutomation(tx, accountId, id);
    await tx.automation.update({
      where: { id },
      data: { ...(input.name !== undefined ? { name: input.name } : {}), ...settingsData(input), updatedAt: now() },
    });
    if (graph) await saveGraph(tx, { accountId, automationId: id, graph });
  });
  if (input.status === "enabled") await activateAutomation({ accountId, id });
  if (input.status === "disabled") await pauseAutomation({ accountId, id });
  return { object: "automation" as const, id };
}

/** automations.duplicate: a paused copy with the same graph and settings, and no runs. */
export async function duplicateJourney(o: { accountId: string; id: string }) {
  const source = await getAutomationOrThrow(o);
  const graph = readGraph(source);
  const copy = newId("aut");
  const at = now();
  await getDb().$transaction(async (tx) => {
    await assertBelowAutomationLimit(tx, o.accountId);
    await tx.automation.create({
      data: {
        id: copy,
        accountId: o.accountId,
        name: `${source.name} (copy)`.slice(0, 200),
        description: source.description,
        status: "paused",
        triggerType: source.triggerType,
        triggerConfig: source.triggerConfig as object,
        from: source.from,
        goal: (source.goal ?? undefined) as object | undefined,
        goalEventName: source.goalEventName,
        reentry: source.reentry,
        reentryCooldownMinutes: source.reentryCooldownMinutes,
        transactional: source.transactional,
        createdAt: at,
        updatedAt: at,
      },
    });
    await saveGraph(tx, { accountId: o.accountId, automationId: copy, graph });
  });
  return { object: "automation" as const, id: copy };
}

/** automations.stop: paused (no new runs; runs under way go on, as a pause does). */
export async function stopJourney(o: { accountId: string; id: string }) {
  await pauseAutomation(o);
  return { object: "automation" as const, id: o.id, status: "disabled" as const };
}

/** automations.remove */
export async function removeJourney(o: { accountId: string; id: string }) {
  const { count } = await getDb().automation.deleteMany({ where: { id: o.id, accountId: o.accountId } });
  if (!count) throw notFound("automation");
  return { object: "automation" as const, id: o.id, deleted: true };
}
