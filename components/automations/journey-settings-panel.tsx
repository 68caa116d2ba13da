"use client";

import { useState } from "react";
import { WEEKDAYS, sendWindowSchema, type SendWindow, type Weekday } from "@/lib/automations/graph/send-window-schema";
import { REENTRY_POLICIES } from "@/lib/automations/graph/settings-schema";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { JourneySettings } from "./journey-format";

export interface JourneyRuns {
  total: number;
  active: number;
  converted: number;
  conversionRate: number;
}

const REENTRY_LABELS: Record<(typeof REENTRY_POLICIES)[number], string> = {
  never: "Once per contact",
  after_exit: "Again once the last run ended",
  always: "Every time the trigger fires",
};

const DAY_LABELS: Record<Weekday, string> = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };

interface Props {
  settings: JourneySettings;
  runs: JourneyRuns | null;
  locked: boolean;
  /** PATCHes the journey's settings (snake_case, as the SDK's update takes them). */
  save: (body: Record<string, unknown>) => Promise<unknown>;
}

/**
 * The side panel with no step selected: the journey's runs and conversion, and its settings
 * (goal, send window, re-entry, transactional), changed while it is paused.
 */
export function JourneySettingsPanel({ settings, runs, locked, save }: Props) {
  const ruleGoal = settings.goal !== null && "rule" in settings.goal;
  const [goal, setGoal] = useState(settings.goal && "event_name" in settings.goal ? settings.goal.event_name : "");
  const [reentry, setReentry] = useState(settings.reentry);
  const [cooldown, setCooldown] = useState(settings.cooldown ?? "");
  const [transactional, setTransactional] = useState(settings.transactional);
  const [windowOn, setWindowOn] = useState(settings.send_window !== null);
  const [window, setWindow] = useState<SendWindow>(
    settings.send_window ?? { days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "17:00", timezone: "contact" },
  );
  const [state, setState] = useState<{ saving: boolean; error?: string; saved?: boolean }>({ saving: false });

  const parsedWindow = windowOn ? sendWindowSchema.safeParse(window) : null;
  const windowError = parsedWindow && !parsedWindow.success ? parsedWindow.error.issues[0]?.message : undefined;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (windowError) return;
    setState({ saving: true });
    try {
      await save({
        ...(ruleGoal ? {} : { goal: goal.trim() ? { event_name: goal.trim() } : null }),
        reentry,
        ...(cooldown.trim() ? { cooldown: cooldown.trim() } : {}),
        transactional,
        send_window: windowOn ? window : null,
      });
      setState({ saving: false, saved: true });
    } catch (error) {
      setState({ saving: false, error: errorMessage(error) });
    }
  }

  return (
    <div className="space-y-5">
      <section aria-labelledby="journey-runs-title">
        <h2 id="journey-runs-title" className="text-sm font-semibold text-zinc-900">
          Runs
        </h2>
        {runs && runs.total > 0 ? (
          <dl className="mt-2 grid grid-cols-3 gap-2 text-center" data-testid="journey-runs">
            {[
              ["Started", runs.total.toLocaleString()],
              ["Under way", runs.active.toLocaleString()],
              [
                "Converted",
                settings.goal === null ? "No goal" : `${runs.converted.toLocaleString()} (${Math.round(runs.conversionRate * 1000) / 10}%)`,
              ],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg border border-zinc-200 px-2 py-2">
                <dt className="text-[11px] tracking-wide text-zinc-500 uppercase">{label}</dt>
                <dd className="mt-0.5 text-sm font-semibold text-zinc-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-1 text-[13px] text-zinc-500">
            No runs yet. Each step shows how many runs are there and passed it once it has some.
          </p>
        )}
      </section>

      <form onSubmit={submit} aria-labelledby="journey-settings-title" className="space-y-4">
        <h2 id="journey-settings-title" className="text-sm font-semibold text-zinc-900">
          Settings
        </h2>
        <fieldset disabled={locked} className="min-w-0 space-y-4">
          {ruleGoal ? (
            <p className="text-[13px] text-zinc-600">The goal is a rule set through the API; change it there.</p>
          ) : (
            <Field
              id="journey-goal"
              label="Goal event"
              hint="A run whose contact does this event ends as converted, wherever it is. Empty: no goal."
            >
              <Input value={goal} onChange={(e) => setGoal(e.target.value)} className="font-mono" autoComplete="off" spellCheck={false} />
            </Field>
          )}
          <div className="grid grid-cols-[minmax(0,1fr)_8rem] gap-3">
            <Field id="journey-reentry" label="A contact runs it">
              <Select value={reentry} onChange={(e) => setReentry(e.target.value as typeof reentry)}>
                {REENTRY_POLICIES.map((p) => (
                  <option key={p} value={p}>
                    {REENTRY_LABELS[p]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="journey-cooldown" label="Cooldown">
              <Input value={cooldown} onChange={(e) => setCooldown(e.target.value)} placeholder="7 days" disabled={reentry === "never"} />
            </Field>
          </div>
          <label className="flex items-start gap-2 text-[13px] text-zinc-700">
            <input type="checkbox" className="mt-0.5" checked={transactional} onChange={(e) => setTransactional(e.target.checked)} />
            <span>Transactional: not held back by the account&apos;s frequency cap</span>
          </label>
          <div className="space-y-3 rounded-lg border border-zinc-200 p-3">
            <label className="flex items-center gap-2 text-[13px] font-medium text-zinc-900">
              <input type="checkbox" checked={windowOn} onChange={(e) => setWindowOn(e.target.checked)} />
              Send only in a window
            </label>
            {windowOn && (
              <>
                <div role="group" aria-label="Days" className="flex flex-wrap gap-1.5">
                  {WEEKDAYS.map((day) => {
                    const on = window.days.includes(day);
                    return (
                      <button
                        key={day}
                        type="button"
                        aria-pressed={on}
                        onClick={() =>
                          setWindow((w) => ({
                            ...w,
                            days: on ? w.days.filter((d) => d !== day) : WEEKDAYS.filter((d) => d === day || w.days.includes(d)),
                          }))
                        }
                        className={
                          on
                            ? "rounded-md border border-brand-500 bg-brand-50 px-2 py-1 text-xs font-medium text-brand-700"
                            : "rounded-md border border-zinc-200 px-2 py-1 text-xs text-zinc-600 hover:border-zinc-300"
                        }
                      >
                        {DAY_LABELS[day]}
                      </button>
                    );
                  })}
                </div>
                <div className="grid grid-cols-2 gap-3">
                  <Field id="journey-window-start" label="From">
                    <Input type="time" value={window.start} onChange={(e) => setWindow((w) => ({ ...w, start: e.target.value }))} />
                  </Field>
                  <Field id="journey-window-end" label="Until">
                    <Input type="time" value={window.end} onChange={(e) => setWindow((w) => ({ ...w, end: e.target.value }))} />
                  </Field>
                </div>
                <Field
                  id="journey-window-zone"
                  label="Time zone"
                  error={windowError}
                  hint="contact: each contact's timezone property, else the account's. Or a zone such as Europe/Paris."
                >
                  <Input
                    value={window.timezone}
                    onChange={(e) => setWindow((w) => ({ ...w, timezone: e.target.value }))}
                    className="font-mono"
                    autoComplete="off"
                    spellCheck={false}
                  />
                </Field>
              </>
            )}
          </div>
          {state.error && <Alert tone="error">{state.error}</Alert>}
          {!locked && (
            <div className="flex items-center justify-end gap-3">
              {state.saved && <span className="text-[13px] text-zinc-500">Saved</span>}
              <Button type="submit" size="sm" loading={state.saving} disabled={Boolean(windowError)}>
                Save settings
              </Button>
            </div>
          )}
        </fieldset>
        {locked && <p className="text-[13px] text-zinc-500">Pause the journey to change its settings.</p>}
      </form>
    </div>
  );
}
