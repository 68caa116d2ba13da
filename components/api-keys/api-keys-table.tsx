import type { ApiKey } from "@/lib/hooks/use-api-keys";
import { formatDate, formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { LoadError } from "@/components/ui/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon, PlusIcon } from "@/components/ui/icons";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { SCOPE_LABELS } from "./scope-labels";
import { useNow } from "@/lib/hooks/use-now";
import { cn } from "@/lib/ui/cn";

interface ApiKeysTableProps {
  keys: ApiKey[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onCreate: () => void;
  onRevoke: (key: ApiKey) => void;
}

// On a phone a row keeps the name (the key's prefix under it), its status and Revoke; the
// permission and the dates are for wider screens.
const WIDE = "hidden sm:table-cell";

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Name</TableHead>
        <TableHead className={WIDE}>Key</TableHead>
        <TableHead className={WIDE}>Permission</TableHead>
        <TableHead>Status</TableHead>
        <TableHead className={WIDE}>Created</TableHead>
        <TableHead className={WIDE}>Last used</TableHead>
        <TableHead>
          <span className="sr-only">Actions</span>
        </TableHead>
      </tr>
    </TableHeader>
  );
}

function LoadingRows() {
  return (
    <Table aria-busy="true" aria-label="Loading API keys">
      <Head />
      <TableBody>
        <SkeletonRows
          cells={["h-4 w-32", "h-5 w-24", "h-5 w-20", "h-5 w-16", "h-4 w-24", "h-4 w-20", null]}
          cellClassNames={[undefined, WIDE, WIDE, undefined, WIDE, WIDE, undefined]}
        />
      </TableBody>
    </Table>
  );
}

export function ApiKeysTable({ keys, loading, error, onRetry, onCreate, onRevoke }: ApiKeysTableProps) {
  const now = useNow();
  if (loading) return <LoadingRows />;
  if (error || !keys) {
    return <LoadError title="Could not load your API keys" error={error} onRetry={onRetry} />;
  }
  if (keys.length === 0) {
    return (
      <EmptyState
        icon={KeyIcon}
        title="No API keys yet"
        description="Create a key to send email from your application, your terminal or the SMTP relay."
        action={
          <Button onClick={onCreate}>
            <PlusIcon />
            Create API key
          </Button>
        }
      />
    );
  }

  return (
    <Table>
      <caption className="sr-only">API keys</caption>
      <Head />
      <TableBody>
        {keys.map((key) => (
          <TableRow key={key.id}>
            <TableCell className="w-full max-w-0 sm:w-auto sm:max-w-none">
              <span className={cn("block truncate font-medium", key.isActive ? "text-zinc-900" : "text-zinc-500")}>{key.name}</span>
              <code className="mt-0.5 block w-fit font-mono text-xs text-zinc-500 sm:hidden">{key.prefix}</code>
            </TableCell>
            <TableCell className={WIDE}>
              <code className="rounded-md bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-600">{key.prefix}</code>
            </TableCell>
            <TableCell className={WIDE}>
              <div className="flex gap-1.5">
                {key.scopes.map((scope) => (
                  <Badge key={scope} tone={scope === "full_access" ? "neutral" : "brand"} title={scope}>
                    {SCOPE_LABELS[scope].label}
                  </Badge>
                ))}
              </div>
            </TableCell>
            <TableCell>
              {key.isActive ? (
                <Badge tone="success" dot>
                  Active
                </Badge>
              ) : (
                <Badge tone="neutral" dot>
                  Revoked
                </Badge>
              )}
            </TableCell>
            <TableCell className={WIDE}>
              <time dateTime={key.createdAt} title={formatDateTime(key.createdAt)}>
                {formatDate(key.createdAt)}
              </time>
            </TableCell>
            <TableCell className={WIDE}>
              {key.lastUsedAt ? (
                <time dateTime={key.lastUsedAt} title={formatDateTime(key.lastUsedAt)}>
                  {formatRelative(key.lastUsedAt, now)}
                </time>
              ) : (
                <span className="text-zinc-500">Never</span>
              )}
            </TableCell>
            <TableCell className="w-px text-right">
              {key.isActive && (
                <Button variant="danger-ghost" size="sm" onClick={() => onRevoke(key)}>
                  Revoke<span className="sr-only"> {key.name}</span>
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
