"use client";

import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import { cn } from "@/lib/ui/cn";
import { AlertCircleIcon, ClockIcon, FileTextIcon, MailIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import { ArrowDownIcon, ArrowUpIcon, ZapIcon } from "./automation-icons";
import { delayLabel, TRIGGER_LABELS } from "./automation-format";
import { useBuilderCanvas } from "./builder-context";

export const NODE_WIDTH = 300;

export type TriggerNode = Node<{ triggerType: string; summary: string }, "trigger">;
export type DelayNode = Node<{ index: number; stepId: string; delayMinutes: number }, "delay">;
export type EmailNode = Node<
  { index: number; stepId: string; subject: string | null; templateId: string | null; excerpt: string },
  "email"
>;
export type AddNode = Node<{ position: number; last: boolean }, "add">;
export type BuilderNode = TriggerNode | DelayNode | EmailNode | AddNode;

// Edges need handles; the canvas is not for drawing connections, so they stay invisible.
function Handles() {
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} className="!size-1 !min-h-0 !min-w-0 !border-0 !bg-transparent" />
      <Handle
        type="source"
        position={Position.Bottom}
        isConnectable={false}
        className="!size-1 !min-h-0 !min-w-0 !border-0 !bg-transparent"
      />
    </>
  );
}

function NodeError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-1.5 border-t border-red-100 bg-red-50 px-3 py-2 text-xs text-red-700 first-letter:uppercase"
    >
      <AlertCircleIcon className="mt-px size-3.5" />
      <span>{message}</span>
    </p>
  );
}

const card = (selected: boolean, error: boolean) =>
  cn(
    "overflow-hidden rounded-xl border bg-white shadow-card transition-shadow",
    error ? "border-red-400" : selected ? "border-brand-500 ring-3 ring-brand-500/20" : "border-zinc-200 hover:border-zinc-300",
  );

const selectButton =
  "nodrag block w-full cursor-pointer text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500";

export function TriggerNodeView({ data }: NodeProps<TriggerNode>) {
  const canvas = useBuilderCanvas();
  const selected = canvas.selection?.kind === "trigger";
  return (
    <div style={{ width: NODE_WIDTH }} className={card(selected, Boolean(canvas.errors.trigger))} data-testid="trigger-node">
      <button type="button" className={selectButton} aria-pressed={selected} onClick={() => canvas.select({ kind: "trigger" })}>
        <div className="flex items-center gap-2 px-3 pt-3">
          <span className="flex size-6 items-center justify-center rounded-md bg-brand-50 text-brand-700 ring-1 ring-brand-200">
            <ZapIcon className="size-3.5" />
          </span>
          <span className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Trigger</span>
          <span className="ml-auto text-xs text-zinc-500">{TRIGGER_LABELS[data.triggerType]}</span>
        </div>
        <p className="truncate px-3 pt-1.5 pb-3 text-sm font-medium text-zinc-900" data-testid="trigger-summary">
          {data.summary}
        </p>
      </button>
      <NodeError message={canvas.errors.trigger} />
      <Handles />
    </div>
  );
}

export function DelayNodeView({ data }: NodeProps<DelayNode>) {
  const canvas = useBuilderCanvas();
  const selected = canvas.selection?.kind === "delay" && canvas.selection.stepId === data.stepId;
  const error = canvas.errors.steps[data.stepId]?.delay;
  return (
    <div style={{ width: NODE_WIDTH }} className="flex flex-col items-center">
      <div className={cn(card(selected, Boolean(error)), "rounded-full")} data-testid={`delay-node-${data.index + 1}`}>
        <button
          type="button"
          className={cn(selectButton, "flex items-center gap-2 px-3.5 py-1.5 text-[13px] text-zinc-700")}
          aria-pressed={selected}
          aria-label={`Delay before email ${data.index + 1}: ${delayLabel(data.delayMinutes)}`}
          onClick={() => canvas.select({ kind: "delay", stepId: data.stepId })}
        >
          <ClockIcon className="size-3.5 text-zinc-500" />
          {delayLabel(data.delayMinutes)}
        </button>
      </div>
      {error && <p className="mt-1 max-w-full rounded-md bg-red-50 px-2 py-1 text-xs text-red-700 first-letter:uppercase">{error}</p>}
      <Handles />
    </div>
  );
}

export function EmailNodeView({ data }: NodeProps<EmailNode>) {
  const canvas = useBuilderCanvas();
  const selected = canvas.selection?.kind === "email" && canvas.selection.stepId === data.stepId;
  const error = canvas.errors.steps[data.stepId]?.email;
  const n = data.index + 1;
  const templateName = data.templateId ? (canvas.templateNames.get(data.templateId) ?? data.templateId) : null;
  const iconButton =
    "nodrag flex size-7 cursor-pointer items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 disabled:pointer-events-none disabled:opacity-40";
  return (
    <div style={{ width: NODE_WIDTH }} className={card(selected, Boolean(error))} data-testid={`email-node-${n}`}>
      <div
        className={cn("flex items-center gap-2 px-3 pt-2.5", !canvas.locked && "cursor-grab")}
        title={canvas.locked ? undefined : "Drag to reorder"}
      >
        <span className="flex size-6 items-center justify-center rounded-md bg-zinc-100 text-zinc-600 ring-1 ring-zinc-200">
          {templateName ? <FileTextIcon className="size-3.5" /> : <MailIcon className="size-3.5" />}
        </span>
        <span className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Email {n}</span>
        {!canvas.locked && (
          <span className="ml-auto flex items-center">
            <button
              type="button"
              className={iconButton}
              aria-label={`Move email ${n} up`}
              title="Move up"
              disabled={canvas.busy || data.index === 0}
              onClick={() => canvas.move(data.index, data.index - 1)}
            >
              <ArrowUpIcon className="size-3.5" />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={`Move email ${n} down`}
              title="Move down"
              disabled={canvas.busy || data.index === canvas.stepCount - 1}
              onClick={() => canvas.move(data.index, data.index + 1)}
            >
              <ArrowDownIcon className="size-3.5" />
            </button>
            <button
              type="button"
              className={cn(iconButton, "hover:bg-red-50 hover:text-red-600")}
              aria-label={`Delete email ${n}`}
              title="Delete"
              disabled={canvas.busy}
              onClick={() => canvas.remove(data.index)}
            >
              <TrashIcon className="size-3.5" />
            </button>
          </span>
        )}
      </div>
      <button
        type="button"
        className={cn(selectButton, "px-3 pt-1 pb-3")}
        aria-pressed={selected}
        onClick={() => canvas.select({ kind: "email", stepId: data.stepId })}
      >
        {/* Named by what it shows, after what it does: the visible subject is part of the name (WCAG 2.5.3). */}
        <span className="sr-only">Edit email {n}: </span>
        <span className="block truncate text-sm font-medium text-zinc-900" data-testid="email-node-subject">
          {templateName ? `Template: ${templateName}` : data.subject || <span className="text-zinc-500">No subject</span>}
        </span>
        <span className="mt-0.5 line-clamp-2 text-xs text-zinc-500">{data.excerpt || "\u00a0"}</span>
      </button>
      <NodeError message={error} />
      <Handles />
    </div>
  );
}

export function AddNodeView({ data }: NodeProps<AddNode>) {
  const canvas = useBuilderCanvas();
  return (
    <div style={{ width: NODE_WIDTH }} className="flex justify-center">
      {!canvas.locked && (
        <button
          type="button"
          className="nodrag flex size-6 cursor-pointer items-center justify-center rounded-full border border-zinc-300 bg-white text-zinc-500 shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
          aria-label={data.last ? "Add a step at the end" : `Insert a step before email ${data.position + 1}`}
          title={data.last ? "Add a step" : "Insert a step here"}
          disabled={canvas.busy}
          onClick={() => canvas.insertAt(data.position)}
        >
          <PlusIcon className="size-3.5" />
        </button>
      )}
      <Handles />
    </div>
  );
}
