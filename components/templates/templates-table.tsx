import Link from "next/link";
import type { Template } from "@/lib/hooks/use-templates";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Badge } from "@/components/ui/badge";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useNow } from "@/lib/hooks/use-now";

const MAX_BADGES = 4;

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Name</TableHead>
        <TableHead>Subject</TableHead>
        <TableHead>Variables</TableHead>
        <TableHead className="text-right">Updated</TableHead>
      </tr>
    </TableHeader>
  );
}

export function TemplatesTableSkeleton() {
  return (
    <Table aria-busy="true" aria-label="Loading templates">
      <Head />
      <TableBody>
        <SkeletonRows cells={["h-4 w-36", "h-4 w-56", "h-5 w-28", "ml-auto h-4 w-20"]} />
      </TableBody>
    </Table>
  );
}

export function TemplatesTable({ templates }: { templates: Template[] }) {
  const now = useNow();
  return (
    <Table>
      <caption className="sr-only">Templates</caption>
      <Head />
      <TableBody>
        {templates.map((template) => (
          // The name's link covers the whole row (after:inset-0), so the row is one big target.
          <TableRow key={template.id} className="relative">
            <TableCell className="max-w-56">
              <Link
                href={`/templates/${template.id}`}
                className="block truncate font-medium text-zinc-900 after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:-outline-offset-2 after:focus-visible:outline-brand-500"
              >
                {template.name}
              </Link>
              {/* A draft not published yet: what is sent differs from what the editor shows. */}
              {(template.draft || template.status === "draft") && (
                <Badge tone="warning" className="mt-1">
                  {template.status === "draft" ? "Draft" : "Unpublished changes"}
                </Badge>
              )}
            </TableCell>
            <TableCell className="max-w-72">
              <span className="block truncate" title={template.subject}>
                {template.subject}
              </span>
            </TableCell>
            <TableCell>
              {template.variables.length === 0 ? (
                <span className="text-zinc-500">None</span>
              ) : (
                <div className="flex gap-1.5">
                  {template.variables.slice(0, MAX_BADGES).map((name) => (
                    <Badge key={name} tone="brand" className="font-mono">
                      {name}
                    </Badge>
                  ))}
                  {template.variables.length > MAX_BADGES && (
                    <Badge title={template.variables.slice(MAX_BADGES).join(", ")}>+{template.variables.length - MAX_BADGES}</Badge>
                  )}
                </div>
              )}
            </TableCell>
            <TableCell className="text-right text-zinc-500">
              <time dateTime={template.updatedAt} title={formatDateTime(template.updatedAt)}>
                {formatRelative(template.updatedAt, now)}
              </time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
