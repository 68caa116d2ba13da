"use client";

import { useTemplate } from "@/lib/hooks/use-templates";
import { ApiRequestError, errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { TemplateBackLink, TemplateEditor } from "./template-editor";

/** Loads a saved template, then hands it to the editor (which keeps its own working copy). */
export function TemplateEditorLoader({ id }: { id: string }) {
  const template = useTemplate(id);

  if (template.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading template">
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
  if (template.isError) {
    const missing = template.error instanceof ApiRequestError && template.error.status === 404;
    return (
      <>
        <TemplateBackLink />
        <Alert tone="error" title={missing ? "Template not found" : "Could not load this template"}>
          <p>{missing ? "It may have been deleted." : errorMessage(template.error)}</p>
          {!missing && (
            <Button variant="secondary" size="sm" onClick={() => template.refetch()} className="mt-3">
              Try again
            </Button>
          )}
        </Alert>
      </>
    );
  }
  return <TemplateEditor key={template.data.id} template={template.data} />;
}
