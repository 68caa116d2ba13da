"use client";

import type { EmailFilters } from "@/lib/hooks/use-emails";
import { EMAIL_STATUSES, type EmailStatus } from "@/lib/ui/email-statuses";
import { useDraftInput } from "@/lib/ui/use-draft-input";
import { Button } from "@/components/ui/button";
import { FilterField, FilterSelect } from "@/components/ui/filter-field";
import { Input } from "@/components/ui/input";
import { EMAIL_STATUS_LOOK } from "./email-status-badge";

/** What the filter bar edits: dates as the date inputs hold them (YYYY-MM-DD, local). */
export interface EmailFilterValues {
  status: EmailStatus | "";
  tag: string;
  fromDate: string;
  toDate: string;
}

export const NO_FILTERS: EmailFilterValues = { status: "", tag: "", fromDate: "", toDate: "" };

const TAG = /^[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/;

/** The API's filters: whole local days, from the first millisecond to the next day's start. */
export function toApiFilters(values: EmailFilterValues): EmailFilters {
  const nextDay = (day: string) => {
    const date = new Date(`${day}T00:00:00`);
    date.setDate(date.getDate() + 1);
    return date.toISOString();
  };
  return {
    status: values.status || undefined,
    tag: TAG.test(values.tag) ? values.tag : undefined,
    after: values.fromDate ? new Date(`${values.fromDate}T00:00:00`).toISOString() : undefined,
    before: values.toDate ? nextDay(values.toDate) : undefined,
  };
}

export function hasFilters(values: EmailFilterValues) {
  return Boolean(values.status || values.tag || values.fromDate || values.toDate);
}

interface EmailFiltersBarProps {
  values: EmailFilterValues;
  onChange: (values: EmailFilterValues) => void;
}

const STATUS_OPTIONS = EMAIL_STATUSES.map((status) => ({ value: status, label: EMAIL_STATUS_LOOK[status].label }));

export function EmailFiltersBar({ values, onChange }: EmailFiltersBarProps) {
  // The tag applies on Enter or leaving the field, once it reads name:value.
  const tag = useDraftInput(
    values.tag,
    (value) => onChange({ ...values, tag: value }),
    (draft) => (draft === "" || TAG.test(draft) ? draft : null),
  );
  const tagInvalid = tag.draft !== "" && !TAG.test(tag.draft);

  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <FilterField id="filter-status" label="Status" className="w-44">
        <FilterSelect
          id="filter-status"
          value={values.status}
          onChange={(event) => onChange({ ...values, status: event.target.value as EmailStatus | "" })}
          allLabel="All statuses"
          options={STATUS_OPTIONS}
        />
      </FilterField>
      <FilterField id="filter-tag" label="Tag" className="w-52">
        <Input
          id="filter-tag"
          {...tag.inputProps}
          placeholder="name:value"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={tagInvalid || undefined}
          aria-describedby={tagInvalid ? "filter-tag-error" : undefined}
          className="h-8 font-mono text-[13px]"
        />
        {tagInvalid && (
          <p id="filter-tag-error" className="absolute text-xs text-red-600">
            Use name:value, like category:welcome
          </p>
        )}
      </FilterField>
      <FilterField id="filter-from" label="Created from">
        <Input
          id="filter-from"
          type="date"
          value={values.fromDate}
          max={values.toDate || undefined}
          onChange={(event) => onChange({ ...values, fromDate: event.target.value })}
          className="h-8 w-40 text-[13px]"
        />
      </FilterField>
      <FilterField id="filter-to" label="to">
        <Input
          id="filter-to"
          type="date"
          value={values.toDate}
          min={values.fromDate || undefined}
          onChange={(event) => onChange({ ...values, toDate: event.target.value })}
          className="h-8 w-40 text-[13px]"
        />
      </FilterField>
      {(hasFilters(values) || tag.draft) && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            tag.setDraft("");
            onChange(NO_FILTERS);
          }}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
