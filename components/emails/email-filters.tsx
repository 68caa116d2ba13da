"use client";

import { useState } from "react";
import type { EmailFilters } from "@/lib/hooks/use-emails";
import { EMAIL_STATUSES, type EmailStatus } from "@/lib/ui/email-statuses";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
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

export function EmailFiltersBar({ values, onChange }: EmailFiltersBarProps) {
  // The tag applies on Enter or leaving the field, once it reads name:value.
  const [tag, setTag] = useState(values.tag);
  const tagInvalid = tag !== "" && !TAG.test(tag);

  function applyTag() {
    if (tag === values.tag || tagInvalid) return;
    onChange({ ...values, tag });
  }

  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div className="w-44 space-y-1">
        <Label htmlFor="filter-status" className="text-xs text-zinc-500">
          Status
        </Label>
        <Select
          id="filter-status"
          value={values.status}
          onChange={(event) => onChange({ ...values, status: event.target.value as EmailStatus | "" })}
          className="h-8 text-[13px]"
        >
          <option value="">All statuses</option>
          {EMAIL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {EMAIL_STATUS_LOOK[status].label}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-52 space-y-1">
        <Label htmlFor="filter-tag" className="text-xs text-zinc-500">
          Tag
        </Label>
        <Input
          id="filter-tag"
          value={tag}
          placeholder="name:value"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={tagInvalid || undefined}
          aria-describedby={tagInvalid ? "filter-tag-error" : undefined}
          onChange={(event) => {
            setTag(event.target.value);
            if (event.target.value === "" && values.tag) onChange({ ...values, tag: "" });
          }}
          onBlur={applyTag}
          onKeyDown={(event) => {
            if (event.key === "Enter") applyTag();
          }}
          className="h-8 font-mono text-[13px]"
        />
        {tagInvalid && (
          <p id="filter-tag-error" className="absolute text-xs text-red-600">
            Use name:value, like category:welcome
          </p>
        )}
      </div>
      <div className="space-y-1">
        <Label htmlFor="filter-from" className="text-xs text-zinc-500">
          Created from
        </Label>
        <Input
          id="filter-from"
          type="date"
          value={values.fromDate}
          max={values.toDate || undefined}
          onChange={(event) => onChange({ ...values, fromDate: event.target.value })}
          className="h-8 w-40 text-[13px]"
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="filter-to" className="text-xs text-zinc-500">
          to
        </Label>
        <Input
          id="filter-to"
          type="date"
          value={values.toDate}
          min={values.fromDate || undefined}
          onChange={(event) => onChange({ ...values, toDate: event.target.value })}
          className="h-8 w-40 text-[13px]"
        />
      </div>
      {(hasFilters(values) || tag) && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setTag("");
            onChange(NO_FILTERS);
          }}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
