"use client";

import { useState } from "react";
import { useTemplate } from "@/lib/hooks/use-templates";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { TemplateBackLink } from "./template-back-link";
import { TemplateEditor } from "./template-editor";
import { shownRecord } from "@/lib/ui/fetch-api";

/** Loads a saved template, then hands it to the editor (which keeps its own working copy). */
export function TemplateEditorLoader({ id }: { id: string }) {
  const template = useTemplate(id);
  // Bumped when a restore or discard replaces the draft: the editor reopens with it.
  const [opened, setOpened] = useState(0);

  if (template.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading template">
        <TemplateBackLink />
        <Skeleton className="h-8 w-64" />
        <Skeleton className="mt-3 h-4 w-40" />
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-[36rem] w-full rounded-xl" />
          <Skeleton className="h-[36rem] w-full rounded-xl" />
        </div>
      </div>
    );
  }
  const shown = shownRecord(template);
  if (!shown) {
    return (
      <>
        <TemplateBackLink />
        <LoadError
          title="Could not load this template"
          error={template.error}
          onRetry={() => template.refetch()}
          notFound={{ title: "Template not found", message: "It may have been deleted." }}
        />
      </>
    );
  }
  return <TemplateEditor key={`${shown.id}:${opened}`} template={shown} onReplaced={() => setOpened((n) => n + 1)} />;
}
