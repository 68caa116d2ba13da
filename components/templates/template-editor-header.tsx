import type { Template } from "@/lib/hooks/use-templates";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Button } from "@/components/ui/button";
import { SendIcon, TrashIcon } from "@/components/ui/icons";

interface TemplateEditorHeaderProps {
  /** The saved template; undefined while a new one is written. */
  template?: Template;
  name: string;
  unsaved: boolean;
  saving: boolean;
  onDelete: () => void;
  onSendTest: () => void;
}

/** The template's name, whether what is shown is saved, and its actions (the form's submit saves). */
export function TemplateEditorHeader({ template, name, unsaved, saving, onDelete, onSendTest }: TemplateEditorHeaderProps) {
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="truncate text-2xl font-semibold tracking-tight text-zinc-900">
          {template ? name.trim() || template.name : "New template"}
        </h1>
        <p className="mt-1.5 flex items-center gap-2 text-sm text-zinc-500" aria-live="polite">
          {unsaved || !template ? (
            <>
              <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-500" />
              {template ? "Unsaved changes" : "Not saved yet"}
            </>
          ) : (
            <>
              <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
              <span>
                Saved{" "}
                <time dateTime={template.updatedAt} title={formatDateTime(template.updatedAt)}>
                  {formatRelative(template.updatedAt)}
                </time>
              </span>
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {template && (
          <Button variant="danger-ghost" onClick={onDelete}>
            <TrashIcon />
            Delete
          </Button>
        )}
        <Button variant="secondary" onClick={onSendTest} disabled={!template} title={template ? undefined : "Save the template first"}>
          <SendIcon />
          Send test
        </Button>
        <Button type="submit" loading={saving} disabled={!unsaved && !saving}>
          {template ? "Save" : "Create template"}
        </Button>
      </div>
    </div>
  );
}
