"use client";

import { createContext, useContext, type ComponentType } from "react";
import {
  BaseEdge,
  EdgeLabelRenderer,
  getSmoothStepPath,
  Handle,
  Position,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeProps,
} from "@xyflow/react";
import type { Branch } from "@/lib/automations/graph/edit-graph";
import type { StepType } from "@/lib/automations/graph/graph-types";
import { cn } from "@/lib/ui/cn";
import { AlertCircleIcon, ClockIcon, FlagIcon, MailIcon, PlusIcon, TrashIcon, type IconProps } from "@/components/ui/icons";
import { FlaskIcon, WorkflowIcon, ZapIcon } from "./automation-icons";
import { STEP_LABELS, stepSummary, type JourneyStep } from "./journey-format";

export const JOURNEY_NODE_WIDTH = 240;
export const JOURNEY_NODE_HEIGHT = 84;
export const ADD_NODE_SIZE = 28;

export interface JourneyCanvasActions {
  locked: boolean;
  selected: string | null;
  /** The last save's messages, by step key. */
  errors: Record<string, string[]>;
  select: (key: string) => void;
  /** Opens the step picker for a branch. */
  addOn: (branch: Branch) => void;
  /** Asks to delete a step (a confirmation follows). */
  requestDelete: (key: string) => void;
  /** The live view's counts by step key, once the journey has runs (GET /automations/:id/step-counts). */
  counts: ReadonlyMap<string, StepCounts> | null;
}

export interface StepCounts {
  waiting: number;
  passed: number;
  /** Runs per path out of the step: condition_met, condition_not_met, event_received, timeout, variant:<name>. */
  paths: Record<string, number>;
  /** Per path (the keys of paths): its runs that met the goal, and their share of the path's runs. */
  conversions: Record<string, { converted: number; conversionRate: number }>;
}

export const JourneyCanvasContext = createContext<JourneyCanvasActions | null>(null);

function useJourneyCanvas() {
  const value = useContext(JourneyCanvasContext);
  if (!value) throw new Error("JourneyCanvasContext is missing");
  return value;
}

export type StepNode = Node<{ step: JourneyStep }, "step">;
export type AddNode = Node<{ branch: Branch; label: string }, "add">;
export type JourneyNode = StepNode | AddNode;
export type BranchEdge = Edge<{ label: string; branch: Branch | null; path: string }, "branch">;

const ClockStepIcon = ClockIcon;
const ICONS: Record<StepType, ComponentType<IconProps>> = {
  trigger: ZapIcon,
  delay: ClockStepIcon,
  send_email: MailIcon,
  wait_for_event: ClockStepIcon,
  condition: WorkflowIcon,
  contact_update: WorkflowIcon,
  contact_delete: TrashIcon,
  add_to_segment: PlusIcon,
  split: FlaskIcon,
  exit: FlagIcon,
};

const TONES: Partial<Record<StepType, string>> = {
  trigger: "bg-brand-50 text-brand-700 ring-brand-200",
  condition: "bg-amber-50 text-amber-700 ring-amber-200",
  split: "bg-violet-50 text-violet-700 ring-violet-200",
  wait_for_event: "bg-sky-50 text-sky-700 ring-sky-200",
  exit: "bg-zinc-100 text-zinc-600 ring-zinc-200",
  contact_delete: "bg-red-50 text-red-700 ring-red-200",
};

// Edges need handles; connections are made with "+", not drawn, so the handles stay invisible.
const handleClass = "!size-1 !min-h-0 !min-w-0 !border-0 !bg-transparent";
function Handles({ source = true }: { source?: boolean }) {
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} className={handleClass} />
      {source && <Handle type="source" position={Position.Bottom} isConnectable={false} className={handleClass} />}
    </>
  );
}

export function StepNodeView({ data }: NodeProps<StepNode>) {
  const canvas = useJourneyCanvas();
  const { step } = data;
  const selected = canvas.selected === step.key;
  const errors = canvas.errors[step.key] ?? [];
  const Icon = ICONS[step.type] ?? WorkflowIcon;
  const label = STEP_LABELS[step.type] ?? step.type;
  const summary = stepSummary(step);
  const counts = canvas.counts ? (canvas.counts.get(step.key) ?? { waiting: 0, passed: 0, paths: {}, conversions: {} }) : null;
  return (
    <div
      style={{ width: JOURNEY_NODE_WIDTH, minHeight: JOURNEY_NODE_HEIGHT }}
      className={cn(
        "overflow-hidden rounded-xl border bg-white shadow-card transition-shadow",
        errors.length ? "border-red-400" : selected ? "border-brand-500 ring-3 ring-brand-500/20" : "border-zinc-200 hover:border-zinc-300",
      )}
      data-testid={`journey-node-${step.key}`}
    >
      <button
        type="button"
        // While the journey can be edited the whole card moves it (a press without moving selects it).
        className={cn(
          canvas.locked && "nodrag",
          "block w-full cursor-pointer px-3 py-2.5 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500",
        )}
        aria-pressed={selected}
        aria-keyshortcuts={canvas.locked || step.type === "trigger" ? undefined : "Delete"}
        onClick={() => canvas.select(step.key)}
        onKeyDown={(event) => {
          if ((event.key === "Delete" || event.key === "Backspace") && !canvas.locked && step.type !== "trigger") {
            event.preventDefault();
            canvas.select(step.key);
            canvas.requestDelete(step.key);
          }
        }}
      >
        <span className="flex items-center gap-2">
          <span
            className={cn(
              "flex size-6 shrink-0 items-center justify-center rounded-md ring-1",
              TONES[step.type] ?? "bg-zinc-100 text-zinc-600 ring-zinc-200",
            )}
          >
            <Icon className="size-3.5" />
          </span>
          {/* Named by its text ("Delay wait_2d: Wait 2 days"), so the name holds what it shows (WCAG 2.5.3). */}
          <span className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{label}</span>{" "}
          <code className="ml-auto max-w-[45%] truncate font-mono text-[11px] text-zinc-500">{step.key}</code>
          <span className="sr-only">: </span>
        </span>
        <span className="mt-1.5 block truncate text-sm font-medium text-zinc-900" data-testid="journey-node-summary">
          {summary}
        </span>
      </button>
      {counts && (
        <p
          className="flex gap-3 border-t border-zinc-100 bg-zinc-50 px-3 py-1.5 text-[11px] text-zinc-600"
          data-testid="journey-node-counts"
        >
          <span>
            <span className="font-semibold text-zinc-900 tabular-nums">{counts.waiting.toLocaleString()}</span> here now
          </span>
          <span>
            <span className="font-semibold text-zinc-900 tabular-nums">{counts.passed.toLocaleString()}</span> passed
          </span>
        </p>
      )}
      {errors.length > 0 && (
        <p role="alert" className="flex items-start gap-1.5 border-t border-red-100 bg-red-50 px-3 py-2 text-xs text-red-700">
          <AlertCircleIcon className="mt-px size-3.5 shrink-0" />
          <span className="line-clamp-3">{errors.join(" · ")}</span>
        </p>
      )}
      <Handles source={step.type !== "exit" && step.type !== "contact_delete"} />
    </div>
  );
}

export function AddNodeView({ data }: NodeProps<AddNode>) {
  const canvas = useJourneyCanvas();
  const where = data.label ? ` on “${data.label}”` : "";
  return (
    <div style={{ width: JOURNEY_NODE_WIDTH }} className="flex justify-center">
      <button
        type="button"
        className="nodrag flex size-7 cursor-pointer items-center justify-center rounded-full border border-dashed border-zinc-400 bg-white text-zinc-500 shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
        aria-label={`Add a step after ${data.branch.from}${where}`}
        title="Add a step"
        onClick={() => canvas.addOn(data.branch)}
      >
        <PlusIcon className="size-3.5" />
      </button>
      <Handles source={false} />
    </div>
  );
}

/** A connection: its branch's label, and "+" to put a step on it while the journey is paused. */
export function BranchEdgeView(props: EdgeProps<BranchEdge>) {
  const canvas = useJourneyCanvas();
  const [path, labelX, labelY] = getSmoothStepPath({ ...props, borderRadius: 10, offset: 16 });
  const branch = props.data?.branch ?? null;
  // With live counts, a branching step's path shows how many runs took it.
  const taken = canvas.counts?.get(props.source)?.paths[props.data?.path ?? ""];
  const label = [props.data?.label ?? "", taken === undefined ? "" : taken.toLocaleString()].filter(Boolean).join(" · ");
  const insertable = branch !== null && !canvas.locked;
  return (
    <>
      <BaseEdge id={props.id} path={path} style={{ stroke: "#a1a1aa", strokeWidth: 1.5 }} markerEnd={props.markerEnd} />
      {(label || insertable) && (
        <EdgeLabelRenderer>
          <div
            className="nodrag nopan pointer-events-auto absolute flex items-center gap-1"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          >
            {label && (
              <span className="rounded-full border border-zinc-200 bg-white px-2 py-0.5 text-[11px] font-medium text-zinc-600 shadow-xs">
                {label}
              </span>
            )}
            {insertable && (
              <button
                type="button"
                className="flex size-6 cursor-pointer items-center justify-center rounded-full border border-zinc-300 bg-white text-zinc-500 shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                aria-label={`Insert a step between ${branch.from} and ${props.target}${label ? ` on “${label}”` : ""}`}
                title="Insert a step here"
                onClick={() => canvas.addOn(branch)}
              >
                <PlusIcon className="size-3" />
              </button>
            )}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}
