import type { HTMLAttributes } from "react";
import { cn } from "@/lib/ui/cn";
import { TableCell } from "./table";

/** A grey placeholder block; size it with classes (h-4 w-32). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-zinc-100", className)} {...props} />;
}

/**
 * Placeholder rows for a table that is loading: one cell per entry, each a Skeleton sized by
 * its classes, or empty for null (an actions column).
 */
export function SkeletonRows({
  cells,
  rows = 3,
  cellClassNames,
}: {
  cells: (string | null)[];
  rows?: number;
  /** Per cell, the classes of its column's cells (a column hidden on phones hides here too). */
  cellClassNames?: (string | undefined)[];
}) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row}>
          {cells.map((size, i) => (
            <TableCell key={i} className={cellClassNames?.[i]}>
              {size ? <Skeleton className={size} /> : null}
            </TableCell>
          ))}
        </tr>
      ))}
    </>
  );
}
