"use client";

import { useEffect, useRef, useState } from "react";
import { EditorContent, useEditor, useEditorState, type Editor, type JSONContent } from "@tiptap/react";
import { cn } from "@/lib/ui/cn";
import { LinkDialog, VariableDialog } from "./insert-dialogs";
import { richTextExtensions } from "./rich-text-extensions";

interface RichTextFieldProps {
  value: JSONContent;
  onChange: (value: JSONContent) => void;
  /** Moves when the value changed from outside (undo, redo): the text is replaced then only. */
  revision: number;
  /** Lists are for text blocks; headings and the footer's note take inline text only. */
  variant?: "rich" | "inline";
  label: string;
  /** Variable names worth offering (those the template already uses). */
  knownVariables?: string[];
  className?: string;
  placeholder?: string;
}

function ToolbarButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      // Keeps the selection in the text while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        "inline-flex h-7 min-w-7 items-center justify-center rounded-md px-1.5 text-[13px] text-zinc-700 hover:bg-zinc-100",
        "focus-visible:outline-2 focus-visible:outline-brand-500",
        active && "bg-zinc-200 text-zinc-900",
      )}
    >
      {children}
    </button>
  );
}

function Toolbar({
  editor,
  variant,
  onLink,
  onVariable,
}: {
  editor: Editor;
  variant: "rich" | "inline";
  onLink: () => void;
  onVariable: () => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      link: e.isActive("link"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
    }),
  });
  return (
    <div role="toolbar" aria-label="Text formatting" className="flex flex-wrap items-center gap-0.5 border-b border-zinc-100 px-1 py-1">
      <ToolbarButton label="Bold (Ctrl+B)" active={state.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
        <b>B</b>
      </ToolbarButton>
      <ToolbarButton label="Italic (Ctrl+I)" active={state.italic} onClick={() => editor.chain().focus().toggleItalic().run()}>
        <i>I</i>
      </ToolbarButton>
      <ToolbarButton label="Link (Ctrl+K)" active={state.link} onClick={onLink}>
        <span className="underline">Link</span>
      </ToolbarButton>
      {variant === "rich" && (
        <>
          <ToolbarButton label="Bulleted list" active={state.bullet} onClick={() => editor.chain().focus().toggleBulletList().run()}>
            {/* The marks are drawn, not text: the button's visible text, "List", is part of its name (WCAG 2.5.3). */}
            <span className="before:mr-1 before:content-['•']">List</span>
          </ToolbarButton>
          <ToolbarButton label="Numbered list" active={state.ordered} onClick={() => editor.chain().focus().toggleOrderedList().run()}>
            <span className="before:mr-1 before:content-['1.']">List</span>
          </ToolbarButton>
        </>
      )}
      <ToolbarButton label="Insert variable" onClick={onVariable}>
        {"{{ }} Variable"}
      </ToolbarButton>
    </div>
  );
}

/**
 * Rich text on TipTap (ProseMirror): bold, italic, links, lists and variable chips. Undo and
 * redo are the visual editor's (over the whole design), so this keeps no history of its own;
 * when the value changes from outside (an undo), the text is replaced.
 */
export function RichTextField({
  value,
  onChange,
  revision,
  variant = "rich",
  label,
  knownVariables = [],
  className,
  placeholder,
}: RichTextFieldProps) {
  const shownRevision = useRef(revision);
  const [dialog, setDialog] = useState<"link" | "variable" | null>(null);
  const closeDialog = () => setDialog(null);
  const editor = useEditor({
    extensions: richTextExtensions(variant),
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        "aria-label": label,
        "aria-multiline": "true",
        role: "textbox",
        class: cn("rich-text min-h-9 px-3 py-2 text-sm text-zinc-900 focus:outline-none", className),
        ...(placeholder ? { "data-placeholder": placeholder } : {}),
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
          event.preventDefault();
          setDialog("link");
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getJSON()),
  });

  // An outside change (undo, redo): show it, without reporting it back as an edit. The value
  // of a render caused by typing may lag the text by a keystroke: it is never applied.
  useEffect(() => {
    if (!editor || shownRevision.current === revision) return;
    shownRevision.current = revision;
    if (JSON.stringify(editor.getJSON()) !== JSON.stringify(value)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value, revision]);

  // Closing a modal <dialog> hands the focus back to whatever had it when it opened, with the
  // browser's caret wherever it was left: the text takes the focus back only after that, and
  // at once with its own caret (ProseMirror's focus writes the selection into the page). The
  // editor's focus command waits for the next animation frame, and keys typed before it landed
  // at the stale caret and were dropped from the text.
  const hadDialog = useRef(false);
  useEffect(() => {
    if (dialog) hadDialog.current = true;
    else if (hadDialog.current && editor) {
      hadDialog.current = false;
      editor.view.focus();
    }
  }, [dialog, editor]);

  return (
    <div className="rounded-lg border border-zinc-200 bg-white focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/15">
      {editor && <Toolbar editor={editor} variant={variant} onLink={() => setDialog("link")} onVariable={() => setDialog("variable")} />}
      <EditorContent editor={editor} />
      {editor && (
        <>
          <LinkDialog
            open={dialog === "link"}
            initial={(editor.getAttributes("link").href as string | undefined) ?? ""}
            onClose={closeDialog}
            onApply={(href) => {
              const chain = editor.chain().extendMarkRange("link");
              if (!href) chain.unsetLink().run();
              // Nothing selected: the address itself becomes the link's text.
              else if (editor.state.selection.empty && !editor.isActive("link")) {
                chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
              } else chain.setLink({ href }).run();
              closeDialog();
            }}
          />
          <VariableDialog
            open={dialog === "variable"}
            known={knownVariables}
            onClose={closeDialog}
            onInsert={(name, fallback) => {
              editor.chain().insertContent({ type: "variable", attrs: { name, fallback } }).run();
              closeDialog();
            }}
          />
        </>
      )}
    </div>
  );
}
