import { ApiError, type ErrorDetail } from "@/lib/api/errors";
import { OUTGOING, STEP_TYPES, type Graph, type GraphStep } from "./graph-types";
import { stepConfigSchemas } from "./step-configs";

export const MAX_GRAPH_STEPS = 100;
const KEY = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Checks a graph before it is saved: one trigger, keys unique, every config valid for its
 * type, connections between known steps with types that fit the step they leave (one
 * successor per branch), every step reachable from the trigger, and no cycle that does not
 * pass a delay or a wait (a run would loop without end). Throws a 400 whose every detail names
 * the step key; returns the graph with validated configs.
 */
export function validateGraph(graph: Graph): Graph {
  const details: ErrorDetail[] = [];
  const at = (key: string, message: string, path = "") => details.push({ path: `steps[${key}]${path}`, message });
  if (graph.steps.length > MAX_GRAPH_STEPS) {
    throw new ApiError("validation_error", `a journey has at most ${MAX_GRAPH_STEPS} steps`, [
      { path: "steps", message: `at most ${MAX_GRAPH_STEPS} steps` },
    ]);
  }
  const byKey = new Map<string, GraphStep>();
  const steps: GraphStep[] = [];
  for (const step of graph.steps) {
    if (typeof step.key !== "string" || !KEY.test(step.key)) {
      details.push({ path: "steps", message: `step key ${JSON.stringify(step.key)} must be 1-100 letters, digits, _ or -` });
      continue;
    }
    if (byKey.has(step.key)) at(step.key, `step key ${step.key} is used twice`);
    if (!(STEP_TYPES as readonly string[]).includes(step.type)) {
      at(step.key, `step ${step.key}: type must be one of ${STEP_TYPES.join(", ")}`, ".type");
      continue;
    }
    const parsed = stepConfigSchemas[step.type].safeParse(step.config ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.length ? `.config.${issue.path.join(".")}` : ".config";
        at(step.key, `step ${step.key}: ${issue.message}`, path);
      }
    }
    const valid = { ...step, config: (parsed.success ? parsed.data : step.config) as Record<string, unknown> };
    byKey.set(step.key, valid);
    steps.push(valid);
  }
  const triggers = steps.filter((s) => s.type === "trigger");
  if (triggers.length !== 1) details.push({ path: "steps", message: `a journey has exactly one trigger step (found ${triggers.length})` });

  const seen = new Set<string>();
  for (const c of graph.connections) {
    const from = byKey.get(c.from);
    if (!from) {
      details.push({ path: "connections", message: `connection from unknown step ${c.from}` });
      continue;
    }
    if (!byKey.has(c.to)) at(c.from, `step ${c.from} connects to unknown step ${c.to}`, ".connections");
    if (byKey.get(c.to)?.type === "trigger") at(c.from, `step ${c.from} connects into the trigger`, ".connections");
    if (!OUTGOING[from.type].includes(c.type)) {
      const allowed = OUTGOING[from.type];
      at(
        c.from,
        `step ${c.from} (${from.type}) cannot start a ${c.type} connection${allowed.length ? `: use ${allowed.join(" or ")}` : ": it ends the run"}`,
        ".connections",
      );
    }
    if (c.type === "variant") {
      const names = ((from.config.variants as { name: string }[] | undefined) ?? []).map((v) => v.name);
      if (!c.variant || !names.includes(c.variant))
        at(c.from, `step ${c.from}: connection variant must name one of its variants (${names.join(", ")})`, ".connections");
    }
    const branch = `${c.from}\u0000${c.type}\u0000${c.variant ?? ""}`;
    if (seen.has(branch))
      at(
        c.from,
        `step ${c.from} has two ${c.type}${c.variant ? ` ${c.variant}` : ""} connections: a branch leads to one step`,
        ".connections",
      );
    seen.add(branch);
  }
  if (details.length) throw new ApiError("validation_error", details[0].message, details);

  const out = new Map<string, string[]>();
  for (const c of graph.connections) out.set(c.from, [...(out.get(c.from) ?? []), c.to]);
  const reached = new Set<string>([triggers[0].key]);
  const queue = [triggers[0].key];
  while (queue.length) {
    for (const to of out.get(queue.shift()!) ?? []) {
      if (reached.has(to)) continue;
      reached.add(to);
      queue.push(to);
    }
  }
  for (const s of steps) if (!reached.has(s.key)) at(s.key, `step ${s.key} cannot be reached from the trigger`);

  // A cycle among steps that take no time: depth-first search over the steps other than delays and waits.
  const timed = (key: string) => ["delay", "wait_for_event"].includes(byKey.get(key)!.type);
  const state = new Map<string, 1 | 2>();
  const visit = (key: string): string | null => {
    state.set(key, 1);
    for (const to of out.get(key) ?? []) {
      if (timed(to)) continue;
      if (state.get(to) === 1) return to;
      if (!state.has(to)) {
        const found = visit(to);
        if (found) return found;
      }
    }
    state.set(key, 2);
    return null;
  };
  for (const s of steps) {
    if (timed(s.key) || state.has(s.key)) continue;
    const loop = visit(s.key);
    if (loop) {
      at(loop, `step ${loop} is on a cycle that passes no delay or wait`);
      break;
    }
  }
  if (details.length) throw new ApiError("validation_error", details[0].message, details);
  return { steps, connections: graph.connections };
}
