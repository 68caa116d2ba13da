import type { Automation, AutomationStep } from "@/lib/generated/prisma/client";
import { readGraph } from "../graph/read-graph";
import { configToWire } from "../graph/wire-config";
import { serializeSettings } from "./journey-settings";

/** The SDK's automation status for the service's. */
export const sdkStatus = (status: string) => (status === "active" ? ("enabled" as const) : ("disabled" as const));

/** An automation in the shape of the SDK's list items. */
export function serializeJourneyItem(a: Automation) {
  return {
    id: a.id,
    name: a.name,
    status: sdkStatus(a.status),
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

/** An automation as the SDK's automations.get reads it: its graph, in snake_case configs, and its settings. */
export function serializeJourney(a: Automation & { steps: AutomationStep[] }) {
  const graph = readGraph(a);
  return {
    object: "automation" as const,
    ...serializeJourneyItem(a),
    steps: graph.steps.map((s) => ({
      key: s.key,
      type: s.type,
      config: configToWire(s.type, s.config),
      ...(s.position ? { position: s.position } : {}),
    })),
    connections: graph.connections.map((c) => ({
      from: c.from,
      to: c.to,
      type: c.type,
      ...(c.variant !== undefined ? { variant: c.variant } : {}),
    })),
    ...serializeSettings(a),
  };
}
