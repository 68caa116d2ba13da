import { cn } from "@/lib/ui/cn";
import { SearchIcon } from "./icons";
import { Input } from "./input";

/** A search field with its magnifier: the list pages' filter by name, email or address. */
export function SearchInput({
  label,
  placeholder,
  value,
  onValueChange,
  className,
}: {
  /** The accessible name, e.g. "Search templates by name". */
  label: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The wrapper's width and spacing. */
  className?: string;
}) {
  return (
    <div className={cn("relative", className)}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-400" />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
