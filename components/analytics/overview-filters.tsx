"use client";

import { useAutomationOptions } from "@/lib/hooks/use-analytics";
import { useDomains } from "@/lib/hooks/use-domains";
import { Input } from "@/components/ui/input";
import { FilterField, FilterSelect } from "@/components/ui/filter-field";
import { SegmentedControl } from "@/components/ui/segmented-control";
import type { OverviewFilterValues, RangePreset } from "@/lib/ui/analytics-range";

interface OverviewFiltersProps {
  values: OverviewFilterValues;
  onChange: (values: OverviewFilterValues) => void;
  /** A message under the custom dates when the API would refuse them. */
  rangeError?: string;
}

const RANGE_OPTIONS: { value: RangePreset; label: string }[] = [
  { value: "7d", label: "7 days" },
  { value: "30d", label: "30 days" },
  { value: "90d", label: "90 days" },
  { value: "custom", label: "Custom" },
];

export function OverviewFilters({ values, onChange, rangeError }: OverviewFiltersProps) {
  const automations = useAutomationOptions();
  const domains = useDomains({ limit: 100, offset: 0 });
  const verifiedDomains = domains.data?.data.filter((d) => d.status === "verified") ?? [];
  const automationList = automations.data ?? [];

  return (
    <div className="mb-6 flex flex-wrap items-end gap-x-3 gap-y-3">
      <div className="space-y-1">
        <span className="block text-xs font-medium text-zinc-500" aria-hidden="true">
          Range
        </span>
        <SegmentedControl
          label="Date range"
          value={values.preset}
          onValueChange={(preset) => onChange({ ...values, preset })}
          options={RANGE_OPTIONS}
          className="h-8 items-center"
        />
      </div>
      {values.preset === "custom" && (
        <>
          <FilterField id="overview-from" label="From" className="w-36">
            <Input
              id="overview-from"
              type="date"
              value={values.customFrom}
              max={values.customTo || undefined}
              onChange={(event) => onChange({ ...values, customFrom: event.target.value })}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? "overview-range-error" : undefined}
              className="h-8 text-[13px]"
            />
          </FilterField>
          <FilterField id="overview-to" label="To" className="w-36">
            <Input
              id="overview-to"
              type="date"
              value={values.customTo}
              min={values.customFrom || undefined}
              onChange={(event) => onChange({ ...values, customTo: event.target.value })}
              aria-invalid={rangeError ? true : undefined}
              className="h-8 text-[13px]"
            />
          </FilterField>
        </>
      )}
      <div className="grid w-full grid-cols-2 gap-3 sm:ml-auto sm:flex sm:w-auto sm:items-end">
        <FilterField id="overview-automation" label="Automation" className="min-w-0 sm:w-44">
          <FilterSelect
            id="overview-automation"
            value={values.automationId}
            onChange={(event) => onChange({ ...values, automationId: event.target.value })}
            disabled={automationList.length === 0 && !values.automationId}
            title={automationList.length === 0 ? "No automations yet" : undefined}
            allLabel="All emails"
            options={automationList.map((automation) => ({ value: automation.id, label: automation.name }))}
          />
        </FilterField>
        <FilterField id="overview-domain" label="Domain" className="min-w-0 sm:w-44">
          <FilterSelect
            id="overview-domain"
            value={values.domain}
            onChange={(event) => onChange({ ...values, domain: event.target.value })}
            disabled={verifiedDomains.length === 0 && !values.domain}
            title={verifiedDomains.length === 0 ? "No verified domains yet" : undefined}
            allLabel="All domains"
            options={verifiedDomains.map((domain) => ({ value: domain.domain, label: domain.domain }))}
          />
        </FilterField>
      </div>
      {rangeError && (
        <p id="overview-range-error" role="alert" className="w-full text-[13px] text-red-600">
          {rangeError}
        </p>
      )}
    </div>
  );
}
