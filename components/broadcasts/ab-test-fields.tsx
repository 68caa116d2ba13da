"use client";

import { AB_TEST_MAX_SHARE, AB_TEST_MAX_SUBJECTS, AB_TEST_MIN_SHARE, variantName, type AbTest } from "@/lib/broadcasts/ab-test-schema";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PlusIcon, XIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { SwitchField } from "@/components/settings/switch-field";

/** The form's errors of the abTest object, as react-hook-form nests them. */
export interface AbTestErrors {
  message?: string;
  subjects?: { message?: string } & ({ message?: string } | undefined)[];
  sharePercent?: { message?: string };
  metric?: { message?: string };
  waitMinutes?: { message?: string };
}

const NEW_TEST: AbTest = { subjects: [""], sharePercent: 20, metric: "opens", waitMinutes: 240 };

const WAITS = [30, 60, 120, 240, 480, 720, 1440, 2880, 4320, 10080];
export const waitLabel = (minutes: number) =>
  minutes % 1440 === 0
    ? `${minutes / 1440} day${minutes === 1440 ? "" : "s"}`
    : minutes % 60 === 0
      ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}`
      : `${minutes} minutes`;
// The wait picker's options, short enough for a third of the editor's column.
const shortWaitLabel = (minutes: number) => (minutes < 60 || minutes % 60 !== 0 ? `${minutes} min` : waitLabel(minutes));

interface Props {
  value: AbTest | null | undefined;
  onChange: (value: AbTest | null) => void;
  /** Variant A: the broadcast's subject as typed above. */
  subject: string;
  /** The picked list's member count, for the sizes of the groups. */
  audience: number | null;
  errors?: AbTestErrors;
}

/** "A/B test the subject": variant subjects beside the main one, the test group's share, the metric and the wait. */
export function AbTestFields({ value, onChange, subject, audience, errors }: Props) {
  const test = value ?? null;
  const set = (patch: Partial<AbTest>) => test && onChange({ ...test, ...patch });
  const variants = test ? test.subjects.length + 1 : 0;
  const share = test && Number.isFinite(test.sharePercent) ? test.sharePercent : 0;
  const tested = audience === null ? null : Math.round((audience * share) / 100);
  const waits = test && !WAITS.includes(test.waitMinutes) ? [...WAITS, test.waitMinutes].sort((a, b) => a - b) : WAITS;

  return (
    <section aria-labelledby="ab-test-title" className="space-y-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-card">
      <h2 id="ab-test-title" className="sr-only">
        A/B test
      </h2>
      <SwitchField
        id="broadcast-ab-test"
        label="A/B test the subject"
        description="Send a few subjects to part of the list first; after the wait the one that did best goes to everyone else."
        checked={!!test}
        onChange={(e) => onChange(e.target.checked ? NEW_TEST : null)}
      />
      {test && (
        <div className="space-y-4 border-t border-zinc-100 pt-4">
          <fieldset className="space-y-2">
            <legend className="mb-1.5 text-sm font-medium text-zinc-900">Subjects</legend>
            <div className="flex items-center gap-2">
              <VariantBadge name="A" />
              <p className="min-w-0 flex-1 truncate rounded-lg border border-zinc-100 bg-zinc-50 px-3 py-2 font-mono text-[13px] text-zinc-600">
                {subject || "The subject above"}
              </p>
            </div>
            {test.subjects.map((s, i) => (
              <div key={i} className="space-y-1">
                <div className="flex items-center gap-2">
                  <VariantBadge name={variantName(i + 1)} />
                  <Input
                    aria-label={`Subject ${variantName(i + 1)}`}
                    aria-invalid={errors?.subjects?.[i]?.message ? true : undefined}
                    className="min-w-0 flex-1 font-mono text-[13px]"
                    autoComplete="off"
                    placeholder="Another subject"
                    value={s}
                    onChange={(e) => set({ subjects: test.subjects.map((x, j) => (j === i ? e.target.value : x)) })}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove subject ${variantName(i + 1)}`}
                    disabled={test.subjects.length === 1}
                    onClick={() => set({ subjects: test.subjects.filter((_, j) => j !== i) })}
                  >
                    <XIcon />
                  </Button>
                </div>
                {errors?.subjects?.[i]?.message && (
                  <p className="pl-9 text-[13px] text-red-600 first-letter:uppercase">{errors.subjects[i]?.message}</p>
                )}
              </div>
            ))}
            {errors?.subjects?.message && <p className="text-[13px] text-red-600 first-letter:uppercase">{errors.subjects.message}</p>}
            {test.subjects.length < AB_TEST_MAX_SUBJECTS && (
              <Button variant="secondary" size="sm" onClick={() => set({ subjects: [...test.subjects, ""] })}>
                <PlusIcon />
                Add a subject
              </Button>
            )}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              id="broadcast-ab-share"
              label="Test group %"
              hint={`${AB_TEST_MIN_SHARE}–${AB_TEST_MAX_SHARE}% of the list`}
              error={errors?.sharePercent?.message}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={AB_TEST_MIN_SHARE}
                max={AB_TEST_MAX_SHARE}
                step={1}
                value={Number.isFinite(test.sharePercent) ? test.sharePercent : ""}
                onChange={(e) => set({ sharePercent: e.target.valueAsNumber })}
              />
            </Field>
            <Field id="broadcast-ab-metric" label="Winner by" error={errors?.metric?.message}>
              <Select value={test.metric} onChange={(e) => set({ metric: e.target.value as AbTest["metric"] })}>
                <option value="opens">Opens</option>
                <option value="clicks">Clicks</option>
              </Select>
            </Field>
            <Field id="broadcast-ab-wait" label="Wait" error={errors?.waitMinutes?.message}>
              <Select value={test.waitMinutes} onChange={(e) => set({ waitMinutes: Number(e.target.value) })}>
                {waits.map((m) => (
                  <option key={m} value={m}>
                    {shortWaitLabel(m)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <p className="text-[13px] text-zinc-600" data-testid="ab-test-summary">
            {tested === null
              ? `${share}% of the list get one of ${variants} subjects`
              : `About ${tested.toLocaleString()} of ${audience!.toLocaleString()} members get one of ${variants} subjects`}
            , split evenly. {waitLabel(test.waitMinutes)} later the subject with the most unique {test.metric} per delivered email goes to
            the rest (a tie goes to A). The test cannot be sent at a local time.
          </p>
        </div>
      )}
    </section>
  );
}

export function VariantBadge({ name, winner = false }: { name: string; winner?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={
        "inline-flex size-7 shrink-0 items-center justify-center rounded-md text-xs font-semibold " +
        (winner ? "bg-emerald-600 text-white" : "bg-zinc-100 text-zinc-700")
      }
    >
      {name}
    </span>
  );
}
