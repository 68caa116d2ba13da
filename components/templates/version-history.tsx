"use client";

import { useState } from "react";
import type { Template } from "@/lib/hooks/use-templates";
import {
  useDiscardTemplateDraft,
  useRestoreTemplateVersion,
  useTemplateVersions,
  type TemplateVersion,
} from "@/lib/hooks/use-template-versions";
import { errorMessage } from "@/lib/ui/fetch-api";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ClockIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";

interface VersionHistoryProps {
  template: Template;
  /** Restore and discard replace what the editor holds: false while it has unsaved changes. */
  canReplace: boolean;
  /** After a restore or a discard: the editor reopens the template's new working copy. */
  onReplaced: () => void;
}

function publisher(version: TemplateVersion): string {
  const by = version.publishedBy;
  if (!by) return "Mailwright";
  return by.type === "member" ? (by.email ?? "a former member") : `API key ${by.name ?? by.id}`;
}

/** The published versions, newest first, with who and when; restoring one makes it the draft. */
export function VersionHistory({ template, canReplace, onReplaced }: VersionHistoryProps) {
  const versions = useTemplateVersions(template.id);
  const restore = useRestoreTemplateVersion(template.id);
  const discard = useDiscardTemplateDraft(template.id);
  const [error, setError] = useState<string | null>(null);
  const blocked = canReplace ? undefined : "Save or undo your changes first";

  async function run(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
      onReplaced();
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <section aria-labelledby="version-history-title" className="rounded-xl border border-zinc-200 bg-white shadow-card">
      <div className="flex items-start justify-between gap-3 border-b border-zinc-100 px-5 py-3.5">
        <div className="min-w-0 flex-1">
          <h2 id="version-history-title" className="text-[13px] font-semibold text-zinc-900">
            Version history
          </h2>
          <p className="mt-0.5 text-xs text-zinc-500">Each publish is kept. Restoring one makes it your draft; publish it to send it.</p>
        </div>
        {template.draft && template.status === "published" && (
          <Button
            variant="secondary"
            size="sm"
            disabled={!canReplace}
            title={blocked}
            loading={discard.isPending}
            onClick={() => run(() => discard.mutateAsync(undefined))}
          >
            Discard draft
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="px-5 pt-3 text-xs text-red-600">
          {error}
        </p>
      )}
      {versions.isPending ? (
        <div className="space-y-2 px-5 py-4">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      ) : versions.isError ? (
        <p className="px-5 py-4 text-[13px] text-red-600">Could not load the history: {errorMessage(versions.error)}</p>
      ) : versions.data.data.length === 0 ? (
        <div className="flex items-start gap-3 px-5 py-4 text-[13px] text-zinc-500">
          <ClockIcon className="mt-0.5 text-zinc-400" />
          Nothing published since versions were kept. Your next publish starts the history.
        </div>
      ) : (
        <ol className="divide-y divide-zinc-100">
          {versions.data.data.map((version) => (
            <li key={version.id} className="flex items-center gap-3 px-5 py-3">
              <span className="w-8 shrink-0 font-mono text-xs text-zinc-500">v{version.number}</span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-[13px] font-medium text-zinc-900" title={version.subject}>
                  {version.subject}
                </p>
                <p className="truncate text-xs text-zinc-500">
                  <time dateTime={version.publishedAt} title={formatDateTime(version.publishedAt)}>
                    {formatRelative(version.publishedAt)}
                  </time>{" "}
                  · {publisher(version)}
                </p>
              </div>
              {version.current ? (
                <Badge tone="success" dot>
                  Live
                </Badge>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={!canReplace || restore.isPending}
                  title={blocked}
                  aria-label={`Restore version ${version.number} as the draft`}
                  onClick={() => run(() => restore.mutateAsync(version.id))}
                >
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
