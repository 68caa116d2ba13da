"use client";

import { createContext, useContext, useEffect, useId, useRef, type Dispatch, type MouseEvent, type ReactNode } from "react";
import type { JSONContent } from "@tiptap/react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { ChevronDownIcon, CopyIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import { linkHrefSchema } from "@/lib/templates/design";
import { cn } from "@/lib/ui/cn";
import {
  COLUMN_BLOCK_TYPES,
  newBlock,
  newBlockId,
  type AddableType,
  type BlockPlace,
  type DesignEditorAction,
  type DesignEditorState,
  type EditorBlock,
  type EditorColumnBlock,
} from "@/lib/ui/design-editor-state";
import { RichTextField } from "./rich-text-field";
import { ImageUploadButton } from "./image-upload-button";

// The design's revision (changes from outside the fields: undo, redo), for the rich-text fields.
const Revision = createContext(0);
// The design's accent colour: what a button without its own colour shows.
const Accent = createContext("#18181b");

const LABELS: Record<AddableType, string> = {
  heading: "Heading",
  text: "Text",
  button: "Button",
  image: "Image",
  divider: "Divider",
  spacer: "Spacer",
  columns: "Two columns",
  footer: "Footer",
};

interface DesignEditorProps {
  state: DesignEditorState;
  dispatch: Dispatch<DesignEditorAction>;
  /** Variables the template uses, offered first when inserting one. */
  knownVariables: string[];
  /** The first problem that stops the design from being saved, if any. */
  problem?: string | null;
}

/** True for Ctrl/Cmd+Z and friends; `redo` for Shift+Ctrl+Z and Ctrl+Y. */
function historyKey(event: Pick<globalThis.KeyboardEvent, "ctrlKey" | "metaKey" | "altKey" | "shiftKey" | "key">): "undo" | "redo" | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  if (key === "y") return "redo";
  return null;
}

/**
 * The visual editor: a toolbar to add blocks, undo and redo, then the blocks in order, each with
 * its fields and its moves. Keyboard: Tab through everything, Alt+Arrow up/down moves the block
 * in focus, Ctrl/Cmd+Z undoes and Shift+Ctrl/Cmd+Z or Ctrl+Y redoes anywhere in the editor.
 */
export function DesignEditor({ state, dispatch, knownVariables, problem }: DesignEditorProps) {
  const { design } = state;
  const hasFooter = design.blocks.some((b) => b.type === "footer");
  const addable = (Object.keys(LABELS) as AddableType[]).filter((t) => t !== "footer" || !hasFooter);
  const root = useRef<HTMLDivElement>(null);

  // With nothing focused (a deleted block's button had focus), Ctrl/Cmd+Z is the design's undo,
  // not the browser's, which would undo typing in some field of the page instead.
  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || (event.target !== document.body && event.target !== document.documentElement)) return;
      const action = historyKey(event);
      if (!action) return;
      event.preventDefault();
      dispatch({ type: action });
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [dispatch]);

  return (
    <div
      ref={root}
      className="space-y-3"
      data-testid="design-editor"
      onKeyDownCapture={(event) => {
        const action = historyKey(event);
        if (!action) return;
        event.preventDefault();
        event.stopPropagation();
        dispatch({ type: action });
      }}
    >
      <div role="toolbar" aria-label="Blocks" className="flex flex-wrap items-center gap-1.5">
        <span className="mr-1 text-[13px] font-medium text-zinc-700">Add</span>
        {addable.map((type) => (
          <Button
            key={type}
            size="sm"
            variant="secondary"
            onClick={() => dispatch({ type: "add", block: newBlock(type) })}
            aria-label={`Add ${LABELS[type].toLowerCase()}`}
          >
            <PlusIcon className="size-3.5" />
            {LABELS[type]}
          </Button>
        ))}
        <span className="ml-auto flex gap-1">
          <Button size="sm" variant="ghost" disabled={!state.past.length} onClick={() => dispatch({ type: "undo" })} title="Undo (Ctrl+Z)">
            Undo
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={!state.future.length}
            onClick={() => dispatch({ type: "redo" })}
            title="Redo (Shift+Ctrl+Z)"
          >
            Redo
          </Button>
        </span>
      </div>
      {problem && (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-900">
          {problem}
        </p>
      )}
      <Revision value={state.revision}>
        <Accent value={design.theme?.accent ?? "#18181b"}>
          <ol className="space-y-3" aria-label="Email blocks">
            {design.blocks.map((block, index) => (
              <li key={block.id}>
                <BlockCard block={block} index={index} count={design.blocks.length} dispatch={dispatch} knownVariables={knownVariables} />
              </li>
            ))}
          </ol>
        </Accent>
      </Revision>
      {!design.blocks.length && <p className="text-sm text-zinc-500">No blocks yet: add a heading or some text above.</p>}
      <ThemeFields state={state} dispatch={dispatch} />
    </div>
  );
}

function ThemeFields({ state, dispatch }: { state: DesignEditorState; dispatch: Dispatch<DesignEditorAction> }) {
  const id = useId();
  const theme = state.design.theme ?? {};
  const fields = [
    ["background", "Background", "#f4f4f5"],
    ["surface", "Email", "#ffffff"],
    ["text", "Text", "#18181b"],
    ["accent", "Links and buttons", "#18181b"],
  ] as const;
  return (
    <fieldset className="flex flex-wrap gap-4 rounded-lg border border-zinc-200 bg-white px-3 py-2.5">
      <legend className="px-1 text-[13px] font-medium text-zinc-700">Colours</legend>
      {fields.map(([key, label, fallback]) => (
        <label key={key} htmlFor={`${id}-${key}`} className="flex items-center gap-2 text-[13px] text-zinc-700">
          <input
            id={`${id}-${key}`}
            type="color"
            value={theme[key] ?? fallback}
            onChange={(e) => dispatch({ type: "theme", patch: { [key]: e.target.value }, at: Date.now() })}
            className="h-7 w-9 cursor-pointer rounded border border-zinc-200 bg-white p-0.5"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

function BlockCard({
  block,
  index,
  count,
  dispatch,
  knownVariables,
  inColumn,
}: {
  block: EditorBlock | EditorColumnBlock;
  index: number;
  count: number;
  dispatch: Dispatch<DesignEditorAction>;
  knownVariables: string[];
  inColumn?: boolean;
}) {
  const label = LABELS[block.type];
  const update = (patch: Partial<EditorBlock>, key?: string) => dispatch({ type: "update", id: block.id, patch, key, at: Date.now() });
  // Focus goes to the next block (or the one before, or the toolbar) instead of being lost.
  const remove = (event: MouseEvent<HTMLButtonElement>) => {
    const section = event.currentTarget.closest("section");
    const container = section?.parentElement?.tagName === "LI" ? section.parentElement : section;
    const sibling = container?.nextElementSibling ?? container?.previousElementSibling;
    const next = sibling?.matches("section") ? sibling : sibling?.querySelector("section");
    const fallback = section?.closest("[data-testid=design-editor]")?.querySelector<HTMLElement>("[role=toolbar] button");
    dispatch({ type: "remove", id: block.id });
    requestAnimationFrame(() => ((next as HTMLElement | null | undefined) ?? fallback)?.focus());
  };
  return (
    <section
      tabIndex={-1}
      aria-label={`${label} block`}
      data-block-type={block.type}
      className={cn(
        "rounded-xl border border-zinc-200 bg-white shadow-card focus-visible:outline-2 focus-visible:outline-brand-500",
        inColumn && "shadow-none",
      )}
      onKeyDown={(event) => {
        // Alt+Arrow moves the block; the event stops here so an outer block does not move too.
        if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
        event.preventDefault();
        event.stopPropagation();
        dispatch({ type: "move", id: block.id, by: event.key === "ArrowUp" ? -1 : 1 });
        // The block keeps focus where it lands (React keeps the node: same key).
      }}
    >
      <header className="flex items-center gap-1 border-b border-zinc-100 px-3 py-1.5">
        <h3 className="mr-auto text-[13px] font-semibold text-zinc-800">{label}</h3>
        <IconButton
          label={`Move ${label.toLowerCase()} up (Alt+↑)`}
          disabled={index === 0}
          onClick={() => dispatch({ type: "move", id: block.id, by: -1 })}
        >
          <ChevronDownIcon className="size-4 rotate-180" />
        </IconButton>
        <IconButton
          label={`Move ${label.toLowerCase()} down (Alt+↓)`}
          disabled={index === count - 1}
          onClick={() => dispatch({ type: "move", id: block.id, by: 1 })}
        >
          <ChevronDownIcon className="size-4" />
        </IconButton>
        {block.type !== "footer" && (
          <IconButton
            label={`Duplicate ${label.toLowerCase()}`}
            onClick={() => dispatch({ type: "duplicate", id: block.id, newId: newBlockId() })}
          >
            <CopyIcon className="size-4" />
          </IconButton>
        )}
        <IconButton label={`Delete ${label.toLowerCase()}`} onClick={remove}>
          <TrashIcon className="size-4" />
        </IconButton>
      </header>
      <div className="space-y-3 p-3">
        <BlockFields block={block} update={update} dispatch={dispatch} knownVariables={knownVariables} />
      </div>
    </section>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-30"
    >
      {children}
    </button>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2">{children}</div>;
}

function LabeledInput({
  label,
  value,
  onChange,
  error,
  mono,
  type = "text",
  ...rest
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  error?: string | null;
  mono?: boolean;
  type?: string;
  min?: number;
  max?: number;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-[13px] font-medium text-zinc-700">
        {label}
      </label>
      <Input
        id={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={mono ? "font-mono text-[13px]" : undefined}
        autoComplete="off"
        {...rest}
      />
      {error && (
        <p id={`${id}-error`} className="text-[13px] text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

function AlignSelect({ value, onChange }: { value: string | undefined; onChange: (value: "left" | "center" | "right") => void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-[13px] font-medium text-zinc-700">
        Alignment
      </label>
      <Select id={id} value={value ?? "left"} onChange={(e) => onChange(e.target.value as "left" | "center" | "right")}>
        <option value="left">Left</option>
        <option value="center">Centre</option>
        <option value="right">Right</option>
      </Select>
    </div>
  );
}

const hrefError = (href: string | undefined, optional = false) => {
  if (!href) return optional ? null : "Enter an address";
  const parsed = linkHrefSchema.safeParse(href);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

function BlockFields({
  block,
  update,
  dispatch,
  knownVariables,
}: {
  block: EditorBlock | EditorColumnBlock;
  update: (patch: Partial<EditorBlock>, key?: string) => void;
  dispatch: Dispatch<DesignEditorAction>;
  knownVariables: string[];
}) {
  const id = useId();
  const revision = useContext(Revision);
  const accent = useContext(Accent);
  switch (block.type) {
    case "heading":
      return (
        <>
          <RichTextField
            variant="inline"
            label="Heading text"
            value={block.content as JSONContent}
            revision={revision}
            onChange={(content) => update({ content } as Partial<EditorBlock>, "content")}
            knownVariables={knownVariables}
            className="text-lg font-semibold"
          />
          <Row>
            <div className="space-y-1">
              <label htmlFor={`${id}-level`} className="block text-[13px] font-medium text-zinc-700">
                Size
              </label>
              <Select
                id={`${id}-level`}
                value={block.level}
                onChange={(e) => update({ level: Number(e.target.value) as 1 | 2 | 3 } as Partial<EditorBlock>)}
              >
                <option value={1}>Large (H1)</option>
                <option value={2}>Medium (H2)</option>
                <option value={3}>Small (H3)</option>
              </Select>
            </div>
            <AlignSelect value={block.align} onChange={(align) => update({ align } as Partial<EditorBlock>)} />
          </Row>
        </>
      );
    case "text":
      return (
        <RichTextField
          label="Text"
          value={block.content as JSONContent}
          revision={revision}
          onChange={(content) => update({ content } as Partial<EditorBlock>, "content")}
          knownVariables={knownVariables}
        />
      );
    case "button":
      return (
        <>
          <Row>
            <LabeledInput
              label="Label"
              value={block.label}
              onChange={(label) => update({ label } as Partial<EditorBlock>, "label")}
              error={block.label.trim() ? null : "Enter a label"}
            />
            <LabeledInput
              label="Link"
              value={block.href}
              mono
              onChange={(href) => update({ href } as Partial<EditorBlock>, "href")}
              error={hrefError(block.href)}
            />
          </Row>
          <Row>
            <AlignSelect value={block.align} onChange={(align) => update({ align } as Partial<EditorBlock>)} />
            <label className="flex items-end gap-2 text-[13px] font-medium text-zinc-700">
              <input
                type="color"
                value={block.color ?? accent}
                onChange={(e) => update({ color: e.target.value } as Partial<EditorBlock>, "color")}
                className="h-9 w-11 cursor-pointer rounded border border-zinc-200 bg-white p-0.5"
              />
              <span className="pb-2">Button colour</span>
            </label>
          </Row>
        </>
      );
    case "image":
      return (
        <>
          <div className="space-y-2">
            <LabeledInput
              label="Image address"
              value={block.src}
              mono
              placeholder="https://"
              onChange={(src) => update({ src } as Partial<EditorBlock>, "src")}
              error={/^(https?:\/\/|\{\{)/i.test(block.src) ? null : "An https:// address, or upload an image"}
            />
            {/* A small image keeps its own width instead of being stretched to the column. */}
            <ImageUploadButton
              onUploaded={(image) =>
                update({
                  src: image.url,
                  ...(block.width || image.width >= 600 ? {} : { width: Math.max(16, image.width) }),
                } as Partial<EditorBlock>)
              }
            />
          </div>
          <Row>
            <LabeledInput
              label="Description (alt text)"
              value={block.alt ?? ""}
              onChange={(alt) => update({ alt } as Partial<EditorBlock>, "alt")}
            />
            <LabeledInput
              label="Link (optional)"
              value={block.href ?? ""}
              mono
              onChange={(href) => update({ href: href || undefined } as Partial<EditorBlock>, "href")}
              error={hrefError(block.href, true)}
            />
          </Row>
          <Row>
            <LabeledInput
              label="Width in pixels (empty: full width)"
              type="number"
              min={16}
              max={600}
              value={block.width ?? ""}
              onChange={(width) =>
                update(
                  { width: width ? Math.max(16, Math.min(600, Math.round(Number(width)))) : undefined } as Partial<EditorBlock>,
                  "width",
                )
              }
            />
            <AlignSelect value={block.align} onChange={(align) => update({ align } as Partial<EditorBlock>)} />
          </Row>
        </>
      );
    case "divider":
      return <hr className="border-zinc-200" aria-hidden="true" />;
    case "spacer":
      return (
        <LabeledInput
          label="Height in pixels"
          type="number"
          min={4}
          max={160}
          value={block.height}
          onChange={(height) =>
            update({ height: Math.max(4, Math.min(160, Math.round(Number(height) || 4))) } as Partial<EditorBlock>, "height")
          }
        />
      );
    case "columns":
      return (
        <div className="grid gap-3 md:grid-cols-2">
          {([0, 1] as const).map((column) => (
            <ColumnFields
              key={column}
              columnsId={block.id}
              column={column}
              blocks={block.columns[column]}
              dispatch={dispatch}
              knownVariables={knownVariables}
            />
          ))}
        </div>
      );
    case "footer":
      return (
        <>
          <RichTextField
            variant="inline"
            label="Footer note"
            value={block.content as JSONContent}
            revision={revision}
            onChange={(content) => update({ content } as Partial<EditorBlock>, "content")}
            knownVariables={knownVariables}
            placeholder="Why the reader gets this email"
          />
          <div className="space-y-1">
            <label htmlFor={`${id}-address`} className="block text-[13px] font-medium text-zinc-700">
              Postal address
            </label>
            <textarea
              id={`${id}-address`}
              rows={2}
              value={block.address ?? ""}
              onChange={(e) => update({ address: e.target.value } as Partial<EditorBlock>, "address")}
              className="block w-full rounded-lg border border-zinc-200 px-3 py-2 text-sm text-zinc-900 shadow-xs focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none"
            />
          </div>
          <LabeledInput
            label="Unsubscribe link text"
            value={block.unsubscribeLabel ?? "Unsubscribe"}
            onChange={(unsubscribeLabel) => update({ unsubscribeLabel } as Partial<EditorBlock>, "unsubscribeLabel")}
          />
          <p className="text-[13px] text-zinc-500">The link goes to the recipient&apos;s own unsubscribe page ({"{{unsubscribe_url}}"}).</p>
        </>
      );
  }
}

function ColumnFields({
  columnsId,
  column,
  blocks,
  dispatch,
  knownVariables,
}: {
  columnsId: string;
  column: 0 | 1;
  blocks: EditorColumnBlock[];
  dispatch: Dispatch<DesignEditorAction>;
  knownVariables: string[];
}) {
  const id = useId();
  const place: BlockPlace = { columnsId, column };
  return (
    <div className="space-y-2 rounded-lg bg-zinc-50 p-2" role="group" aria-label={column === 0 ? "Left column" : "Right column"}>
      <p className="text-[12px] font-medium text-zinc-500">{column === 0 ? "Left column" : "Right column"}</p>
      {blocks.map((block, index) => (
        <BlockCard
          key={block.id}
          block={block}
          index={index}
          count={blocks.length}
          dispatch={dispatch}
          knownVariables={knownVariables}
          inColumn
        />
      ))}
      <label htmlFor={id} className="sr-only">
        Add to the {column === 0 ? "left" : "right"} column
      </label>
      <Select
        id={id}
        value=""
        onChange={(e) => {
          const type = e.target.value as AddableType;
          if (type) dispatch({ type: "add", block: newBlock(type), place });
        }}
        className="h-8 text-[13px]"
      >
        <option value="">Add to this column…</option>
        {COLUMN_BLOCK_TYPES.map((type) => (
          <option key={type} value={type}>
            {LABELS[type]}
          </option>
        ))}
      </Select>
    </div>
  );
}
