import type { Template } from "@/lib/hooks/use-templates";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Badge } from "@/components/ui/badge";
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
  /** Saves what is typed as the draft, then asks before publishing it. */
  onPublish: () => void;
}

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelative(iso)}
    </time>
  );
}

/** Where the editor stands: unsaved changes, a saved draft not yet sent, or the published version. */
function EditorState({ template, unsaved }: { template?: Template; unsaved: boolean }) {
  if (unsaved || !template) {
    return (
      <>
        <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-500" />
        {template ? "Unsaved changes" : "Not saved yet"}
      </>
    );
  }
  if (template.draft || !template.publishedAt) {
    return (
      <>
        <Badge tone="warning">Draft</Badge>
        <span>
          Saved <When iso={template.updatedAt} />, not published: sends use {template.publishedAt ? "the published version" : "nothing yet"}
        </span>
      </>
    );
  }
  return (
    <>
      <Badge tone="success">Published</Badge>
      <span>
        Saved <When iso={template.updatedAt} />: sends use what you see
      </span>
    </>
  );
}

/** The template's name, its draft or published state, and its actions (the form's submit saves). */
export function TemplateEditorHeader({ template, name, unsaved, saving, onDelete, onSendTest, onPublish }: TemplateEditorHeaderProps) {
  const publishable = Boolean(template && (unsaved || template.draft || !template.publishedAt));
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="truncate text-2xl font-semibold tracking-tight text-zinc-900">
          {template ? name.trim() || template.name : "New template"}
        </h1>
        <p className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-zinc-500" aria-live="polite">
          <EditorState template={template} unsaved={unsaved} />
        </p>
      </div>
      {/* A phone gets the actions two by two, full width; wider screens one row. */}
      <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex sm:items-center">
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
        {template ? (
          <>
            <Button type="submit" variant="secondary" loading={saving} disabled={!unsaved && !saving}>
              Save draft
            </Button>
            <Button onClick={onPublish} disabled={!publishable} title={publishable ? undefined : "Nothing new to publish"}>
              Publish
            </Button>
          </>
        ) : (
          <Button type="submit" loading={saving}>
            Create template
          </Button>
        )}
      </div>
    </div>
  );
}
