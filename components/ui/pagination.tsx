import { Button } from "./button";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

interface PaginationProps {
  limit: number;
  offset: number;
  total: number;
  onOffsetChange: (offset: number) => void;
  /** What is listed, for the summary ("keys", "emails"). */
  noun?: string;
}

/** "21–40 of 57" with previous and next, for the API's offset pagination. */
export function Pagination({ limit, offset, total, onOffsetChange, noun = "results" }: PaginationProps) {
  if (total <= limit && offset === 0) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-4 text-[13px] text-zinc-500">
      <p>
        <span className="font-medium text-zinc-700">
          {first}–{last}
        </span>{" "}
        of <span className="font-medium text-zinc-700">{total}</span> {noun}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => onOffsetChange(Math.max(0, offset - limit))}>
          <ChevronLeftIcon />
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={last >= total} onClick={() => onOffsetChange(offset + limit)}>
          Next
          <ChevronRightIcon />
        </Button>
      </div>
    </nav>
  );
}
