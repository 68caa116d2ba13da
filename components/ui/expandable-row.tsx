"use client";

import { Fragment, useState, type ReactNode } from "react";
import { cn } from "@/lib/ui/cn";
import { Button } from "./button";
import { ChevronDownIcon, ChevronRightIcon } from "./icons";
import { Table, TableBody, TableCell, TableRow } from "./table";

/** Which rows of a table are open: each opens and closes on its own. */
export function useExpandedRows() {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { isOpen: (id: string) => open.has(id), toggle };
}

interface ExpandableRowProps {
  expanded: boolean;
  onToggle: () => void;
  /** id of the details row, which the toggle controls. */
  detailsId: string;
  /** The toggle's name without its verb: "details of GET /emails". */
  toggleLabel: string;
  /** Columns in the table, toggle included: the details row spans them all. */
  colSpan: number;
  /** The row's cells after the toggle. */
  children: ReactNode;
  /** Shown in a row of its own under this one while open. */
  details: ReactNode;
}

/**
 * A table of ExpandableRows, in the `@container` element whose width the open rows' details
 * take: as wide as the table's visible part, they stay in view when the table scrolls sideways.
 */
export function ExpandableTable({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="@container">
      <Table>
        <caption className="sr-only">{caption}</caption>
        {head}
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}

/** A row of an ExpandableTable that opens to its details: clicking the row or its chevron toggles them. */
export function ExpandableRow({ expanded, onToggle, detailsId, toggleLabel, colSpan, children, details }: ExpandableRowProps) {
  return (
    <Fragment>
      <TableRow className={cn("cursor-pointer", expanded && "bg-zinc-50/60")} onClick={onToggle}>
        <TableCell className="w-10 pr-0">
          <Button
            variant="ghost"
            size="sm"
            className="px-1.5"
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-label={`${expanded ? "Hide" : "Show"} ${toggleLabel}`}
            onClick={(event) => {
              event.stopPropagation();
              onToggle();
            }}
          >
            {expanded ? <ChevronDownIcon /> : <ChevronRightIcon />}
          </Button>
        </TableCell>
        {children}
      </TableRow>
      {expanded && (
        <tr id={detailsId} className="bg-zinc-50/60">
          <td colSpan={colSpan} className="px-4 pb-4 text-zinc-700">
            <div className="sticky left-4 w-[calc(100cqw-2rem-2px)]">{details}</div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
