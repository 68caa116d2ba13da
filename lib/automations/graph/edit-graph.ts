import { designSchema } from "@/lib/templates/design";
import { renderDesignHtml } from "@/lib/templates/render-design-html";
import { stepStarterDesign } from "@/lib/templates/starter-design";
import { OUTGOING, type ConnectionType, type Graph, type GraphConnection, type GraphStep, type StepType } from "./graph-types";
import { orderedOutgoing } from "./layout-graph";

// Edits the builder makes to a journey's graph before it is saved whole. Pure: each returns a
// new graph. A branch is one way out of a step (its type, and a split's variant name); it
// leads to at most one step, as the server's validation requires.

export interface Branch {
  from: string;
  type: ConnectionType;
  variant?: string;
}

export interface BranchTarget extends Branch {
  /** The step it leads to, or null where the run ends. */
  to: string | null;
}

/** Steps that end a run: nothing can follow them. */
export const TERMINAL_STEP_TYPES: readonly StepType[] = ["exit", "contact_delete"];

const variantNames = (step: GraphStep | undefined) =>
  ((step?.config.variants as { name?: unknown }[] | undefined) ?? []).map((v) => String(v?.name ?? "")).filter(Boolean);

const sameBranch = (c: GraphConnection, b: Branch) =>
  c.from === b.from && c.type === b.type && (b.type !== "variant" || c.variant === b.variant);

/** Every way out of a step, in drawing order, with where each leads (connections of types the step cannot start are left out). */
export function branchesOf(graph: Graph, key: string): BranchTarget[] {
  const step = graph.steps.find((s) => s.key === key);
  if (!step) return [];
  const branches: Branch[] = [];
  for (const type of OUTGOING[step.type] ?? []) {
    if (type === "variant") for (const variant of variantNames(step)) branches.push({ from: key, type, variant });
    else branches.push({ from: key, type });
  }
  return branches.map((b) => ({ ...b, to: graph.connections.find((c) => sameBranch(c, b))?.to ?? null }));
}

/** The branch a step inserted in the middle of a path continues on: its first (default, yes, event, first variant). */
function primaryBranch(step: GraphStep): Branch | null {
  const type = OUTGOING[step.type]?.[0];
  if (!type) return null;
  if (type === "variant") {
    const first = variantNames(step)[0];
    return first ? { from: step.key, type, variant: first } : null;
  }
  return { from: step.key, type };
}

/** A key for a new step of `type`, not used in the graph: "delay_2". */
export function newStepKey(graph: Graph, type: StepType): string {
  const used = new Set(graph.steps.map((s) => s.key));
  for (let n = 1; ; n++) {
    const key = `${type}_${n}`;
    if (!used.has(key)) return key;
  }
}

/** Whether a step of `type` can go on a branch: a step that ends the run only where nothing follows. */
export function canInsert(graph: Graph, at: Branch, type: StepType): boolean {
  if (type === "trigger") return false;
  const taken = graph.connections.some((c) => sameBranch(c, at));
  return !(taken && TERMINAL_STEP_TYPES.includes(type));
}

/**
 * Puts `step` on a branch: the branch now leads to it, and what the branch led to follows the
 * new step on its first branch. Throws when the branch's step is unknown or the step cannot go there.
 */
export function insertStep(graph: Graph, at: Branch, step: GraphStep): Graph {
  if (!graph.steps.some((s) => s.key === at.from)) throw new Error(`no step ${at.from}`);
  if (graph.steps.some((s) => s.key === step.key)) throw new Error(`step key ${step.key} is used`);
  if (!canInsert(graph, at, step.type)) throw new Error(`a ${step.type} step ends the run: add it where nothing follows`);
  const old = graph.connections.find((c) => sameBranch(c, at));
  const connections = graph.connections.filter((c) => c !== old);
  connections.push({ from: at.from, to: step.key, type: at.type, ...(at.type === "variant" ? { variant: at.variant } : {}) });
  const next = primaryBranch(step);
  if (old && next) connections.push({ ...next, to: old.to, ...(next.variant === undefined ? {} : { variant: next.variant }) });
  return { steps: [...graph.steps, step], connections };
}

/** Keys of the steps a run can reach from the trigger. */
function reachable(graph: Graph): Set<string> {
  const trigger = graph.steps.find((s) => s.type === "trigger");
  const seen = new Set<string>(trigger ? [trigger.key] : []);
  const queue = [...seen];
  while (queue.length) {
    const key = queue.shift()!;
    for (const c of graph.connections) {
      if (c.from !== key || seen.has(c.to)) continue;
      seen.add(c.to);
      queue.push(c.to);
    }
  }
  return seen;
}

/** Drops the steps no run can reach any more, and every connection touching them or an unknown step. */
function prune(graph: Graph): { graph: Graph; removed: string[] } {
  const keep = reachable(graph);
  const removed = graph.steps.filter((s) => !keep.has(s.key)).map((s) => s.key);
  return {
    graph: {
      steps: graph.steps.filter((s) => keep.has(s.key)),
      connections: graph.connections.filter((c) => keep.has(c.from) && keep.has(c.to)),
    },
    removed,
  };
}

/**
 * Removes a step: what led to it now leads to the step after it on its first branch that goes
 * somewhere (or ends there), and the steps only its other branches reached go with it.
 * Returns the new graph and every removed key (the step first). The trigger stays.
 */
export function removeStep(graph: Graph, key: string): { graph: Graph; removed: string[] } {
  const step = graph.steps.find((s) => s.key === key);
  if (!step) throw new Error(`no step ${key}`);
  if (step.type === "trigger") throw new Error("the trigger cannot be removed");
  const successor = orderedOutgoing(graph, key).find((c) => c.to !== key)?.to ?? null;
  const connections: GraphConnection[] = [];
  for (const c of graph.connections) {
    if (c.from === key) continue;
    if (c.to !== key) connections.push(c);
    else if (successor !== null) connections.push({ ...c, to: successor });
  }
  const pruned = prune({ steps: graph.steps.filter((s) => s.key !== key), connections });
  return { graph: pruned.graph, removed: [key, ...pruned.removed] };
}

/**
 * Replaces a step's config. A split whose variants changed keeps the paths of the variants it
 * still has (renamed ones included); what only a dropped variant reached is removed (listed in
 * `removed`).
 */
export function updateStepConfig(graph: Graph, key: string, config: Record<string, unknown>): { graph: Graph; removed: string[] } {
  const step = graph.steps.find((s) => s.key === key);
  if (!step) throw new Error(`no step ${key}`);
  const updated = { ...step, config };
  const before = variantNames(step);
  const after = variantNames(updated);
  // As many variants as before: a variant renamed in place keeps its path (typing a new name
  // goes through names that match nothing). Otherwise paths follow the names.
  const renamed = new Map(before.length === after.length ? before.map((name, i) => [name, after[i]]) : []);
  const names = new Set(after);
  const connections = graph.connections
    .map((c) =>
      c.from === key && c.type === "variant" && renamed.has(c.variant ?? "") ? { ...c, variant: renamed.get(c.variant ?? "") } : c,
    )
    .filter((c) => c.from !== key || c.type !== "variant" || names.has(c.variant ?? ""));
  return prune({ steps: graph.steps.map((s) => (s.key === key ? updated : s)), connections });
}

/** A new step's config, in the API's (snake_case) names: what the side panel starts from. */
export function defaultStepConfig(type: StepType): Record<string, unknown> {
  switch (type) {
    case "delay":
      return { duration: "1 day" };
    case "send_email": {
      // New emails start in the visual editor; html is rendered from the design.
      const design = designSchema.parse(stepStarterDesign());
      return { subject: "", html: renderDesignHtml(design), design };
    }
    case "wait_for_event":
      return { event_name: "", timeout: "3 days" };
    case "condition":
      return { type: "rule", field: "", operator: "eq", value: "" };
    case "split":
      return {
        variants: [
          { name: "A", weight: 50 },
          { name: "B", weight: 50 },
        ],
      };
    case "contact_update":
      return { properties: {} };
    case "add_to_segment":
      return { segment_id: "" };
    case "exit":
      return { reason: "" };
    default:
      return {};
  }
}

/**
 * The server's validation details grouped by the step they name (`steps[key]...`); details that
 * name no step are under "". The messages are shown on the nodes.
 */
export function errorsByStep(details: readonly { path: string; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const d of details) {
    const key = /^steps\[([^\]]+)\]/.exec(d.path)?.[1] ?? "";
    (out[key] ??= []).push(d.message);
  }
  return out;
}
