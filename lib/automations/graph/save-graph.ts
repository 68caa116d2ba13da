import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { newId } from "@/lib/db/ids";
import { checkStepTemplates } from "../steps/check-step-templates";
import { replaceStepsInTx } from "../steps/replace-steps";
import { graphToStore, stepPositionsToStore } from "./read-graph";
import { linearFromGraph, triggerFromStep } from "./linear-graph";
import type { Graph } from "./graph-types";
import type { Design } from "@/lib/templates/design";

/**
 * Stores a validated graph as the automation's steps, in the caller's transaction (the
 * automation locked, and paused unless just created). A linear graph becomes the spec's steps
 * (a kept key keeps its step, with its history and waiting enrollments, as PUT /steps does);
 * any other graph is stored as the journey's graph. Switching between the two while runs are
 * active is a 409: a run of one form cannot go on in the other.
 */
export async function saveGraph(tx: Tx, o: { accountId: string; automationId: string; graph: Graph }) {
  const { accountId, automationId, graph } = o;
  for (const step of graph.steps) {
    if (step.type === "wait_for_event" && step.config.filterRule !== undefined) {
      throw new ApiError("validation_error", `step ${step.key}: filter_rule is not supported yet`, [
        { path: `steps[${step.key}].config.filter_rule`, message: "filter_rule is not supported yet" },
      ]);
    }
  }
  await checkStepTemplates(
    tx,
    accountId,
    graph.steps
      .filter((s) => s.type === "send_email")
      .map((s) => ({ templateId: (s.config.template as { id?: string } | undefined)?.id, path: `steps[${s.key}].config.template.id` })),
  );
  const current = await tx.automation.findUniqueOrThrow({
    where: { id: automationId },
    select: { graph: true, steps: { orderBy: [{ position: "asc" }, { createdAt: "asc" }] } },
  });
  const linear = linearFromGraph(graph);
  const wasLinear = current.graph === null;
  if (wasLinear !== (linear !== null)) {
    const active = await tx.enrollment.count({ where: { automationId, status: "active" } });
    if (active) {
      throw new ApiError(
        "conflict",
        `${active} run(s) are active: a ${wasLinear ? "linear automation cannot become a branching journey" : "branching journey cannot become linear"} until they end`,
      );
    }
  }
  const trigger = graph.steps.find((s) => s.type === "trigger")!;
  const { triggerType, triggerConfig } = triggerFromStep(trigger.config);
  const at = now();
  const positions = stepPositionsToStore(graph);
  const stepPositions = positions ? (positions as object) : Prisma.DbNull;
  if (!linear) {
    await tx.automationStep.deleteMany({ where: { automationId } });
    await tx.automation.update({
      where: { id: automationId },
      data: { graph: graphToStore(graph) as object, stepPositions, triggerKey: trigger.key, triggerType, triggerConfig, updatedAt: at },
    });
    return;
  }
  const byKey = new Map(wasLinear ? current.steps.map((s) => [s.key ?? s.id, s]) : []);
  const items = linear.steps.map((s) => {
    const content = s.templateId
      ? { templateId: s.templateId }
      : { subject: s.subject!, bodyHtml: s.bodyHtml!, ...(s.design ? { design: s.design as Design } : {}) };
    const kept = byKey.get(s.key);
    return kept
      ? { id: kept.id, delayMinutes: s.delayMinutes, subject: null, bodyHtml: null, templateId: null, design: null, ...content }
      : { delayMinutes: s.delayMinutes, ...content };
  });
  let ids: string[];
  if (wasLinear) {
    ids = await replaceStepsInTx(tx, { accountId, automationId, steps: items });
  } else {
    await tx.automationStep.deleteMany({ where: { automationId } });
    ids = linear.steps.map(() => newId("stp"));
    await tx.automationStep.createMany({
      data: linear.steps.map((s, position) => ({
        id: ids[position],
        automationId,
        position,
        delayMinutes: s.delayMinutes,
        subject: s.subject,
        bodyHtml: s.bodyHtml,
        templateId: s.templateId,
        design: s.design ? (s.design as Prisma.InputJsonValue) : Prisma.DbNull,
        createdAt: at,
        updatedAt: at,
      })),
    });
  }
  // Keys the graph named are kept; a key equal to the step's id is the derived one.
  for (const [i, s] of linear.steps.entries()) {
    await tx.automationStep.update({
      where: { id: ids[i] },
      data: { key: s.key === ids[i] ? null : s.key, delayKey: s.delayKey === `${ids[i]}_delay` ? null : s.delayKey },
    });
  }
  await tx.automation.update({
    where: { id: automationId },
    data: { graph: Prisma.DbNull, stepPositions, triggerKey: trigger.key, triggerType, triggerConfig, updatedAt: at },
  });
}
