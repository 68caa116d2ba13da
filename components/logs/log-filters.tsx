"use client";

import { useState } from "react";
import type { RequestLogFilters } from "@/lib/hooks/use-request-logs";
import { REQUEST_LOG_METHODS } from "@/lib/request-logs/schemas";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";

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

export function LogFiltersBar({ values, onChange }: LogFiltersBarProps) {
  // The path applies on Enter or leaving the field, not at every key.
  const [path, setPath] = useState(values.path);
  const applyPath = () => {
    if (path.trim() !== values.path) onChange({ ...values, path: path.trim() });
  };

  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div className="w-40 space-y-1">
        <Label htmlFor="filter-status" className="text-xs text-zinc-500">
          Status
        </Label>
        <Select
          id="filter-status"
          value={values.status}
          onChange={(event) => onChange({ ...values, status: event.target.value })}
          className="h-8 text-[13px]"
        >
          <option value="">All statuses</option>
          {STATUS_FILTERS.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-32 space-y-1">
        <Label htmlFor="filter-method" className="text-xs text-zinc-500">
          Method
        </Label>
        <Select
          id="filter-method"
          value={values.method}
          onChange={(event) => onChange({ ...values, method: event.target.value })}
          className="h-8 text-[13px]"
        >
          <option value="">All methods</option>
          {REQUEST_LOG_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-52 space-y-1">
        <Label htmlFor="filter-path" className="text-xs text-zinc-500">
          Path
        </Label>
        <Input
          id="filter-path"
          value={path}
          placeholder="/emails"
          spellCheck={false}
          autoComplete="off"
          maxLength={200}
          onChange={(event) => {
            setPath(event.target.value);
            if (event.target.value === "" && values.path) onChange({ ...values, path: "" });
          }}
          onBlur={applyPath}
          onKeyDown={(event) => {
            if (event.key === "Enter") applyPath();
          }}
          className="h-8 font-mono text-[13px]"
        />
      </div>
      {(hasLogFilters(values) || path) && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setPath("");
            onChange(NO_LOG_FILTERS);
          }}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
