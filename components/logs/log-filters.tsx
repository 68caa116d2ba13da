"use client";

import type { RequestLogFilters } from "@/lib/hooks/use-request-logs";
import { REQUEST_LOG_METHODS } from "@/lib/request-logs/schemas";
import { useDraftInput } from "@/lib/ui/use-draft-input";
import { Button } from "@/components/ui/button";
import { FilterField, FilterSelect } from "@/components/ui/filter-field";
import { Input } from "@/components/ui/input";

export const STATUS_FILTERS = [
  { value: "2xx", label: "2xx success" },
  { value: "4xx", label: "4xx client error" },
  { value: "5xx", label: "5xx server error" },
] as const;

export const NO_LOG_FILTERS: Required<RequestLogFilters> = { status: "", method: "", path: "" };

export function hasLogFilters(values: RequestLogFilters) {
  return Boolean(values.status || values.method || values.path);
}

interface LogFiltersBarProps {
  values: Required<RequestLogFilters>;
  onChange: (values: Required<RequestLogFilters>) => void;
}

const METHOD_OPTIONS = REQUEST_LOG_METHODS.map((method) => ({ value: method, label: method }));

export function LogFiltersBar({ values, onChange }: LogFiltersBarProps) {
  // The path applies on Enter or leaving the field, not at every key.
  const path = useDraftInput(
    values.path,
    (value) => onChange({ ...values, path: value }),
    (draft) => draft.trim(),
  );

  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <FilterField id="filter-status" label="Status" className="w-40">
        <FilterSelect
          id="filter-status"
          value={values.status}
          onChange={(event) => onChange({ ...values, status: event.target.value })}
          allLabel="All statuses"
          options={STATUS_FILTERS}
        />
      </FilterField>
      <FilterField id="filter-method" label="Method" className="w-32">
        <FilterSelect
          id="filter-method"
          value={values.method}
          onChange={(event) => onChange({ ...values, method: event.target.value })}
          allLabel="All methods"
          options={METHOD_OPTIONS}
        />
      </FilterField>
      <FilterField id="filter-path" label="Path" className="w-52">
        <Input
          id="filter-path"
          {...path.inputProps}
          placeholder="/emails"
          spellCheck={false}
          autoComplete="off"
          maxLength={200}
          className="h-8 font-mono text-[13px]"
        />
      </FilterField>
      {(hasLogFilters(values) || path.draft) && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            path.setDraft("");
            onChange(NO_LOG_FILTERS);
          }}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
