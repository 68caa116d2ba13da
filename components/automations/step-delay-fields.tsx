import type { UseFormReturn } from "react-hook-form";
import { MAX_DELAY_MINUTES } from "@/lib/automations/schemas";
import { cn } from "@/lib/ui/cn";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { DELAY_PRESETS, formatDelay } from "./automation-format";
import type { StepFormValues } from "./step-form";

interface StepDelayFieldsProps {
  form: UseFormReturn<StepFormValues>;
  stepId: string;
  index: number;
  delayMinutes: number;
  /** The canvas node clicked was the delay: this part is highlighted. */
  focused: boolean;
}

/** How long the step waits: a preset or a number of minutes, read back in words. */
export function StepDelayFields({ form, stepId, index, delayMinutes, focused }: StepDelayFieldsProps) {
  const { register, setValue, formState } = form;
  const isPreset = (DELAY_PRESETS as readonly number[]).includes(delayMinutes);
  return (
    <div className={cn("space-y-3 rounded-lg p-3 ring-1", focused ? "bg-brand-50/40 ring-brand-200" : "ring-zinc-200")}>
      <h3 className="text-[13px] font-semibold text-zinc-900">
        Delay <span className="font-normal text-zinc-500">· {index === 0 ? "after the contact is enrolled" : `after email ${index}`}</span>
      </h3>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`delay-preset-${stepId}`} label="Wait">
          <Select
            value={isPreset ? String(delayMinutes) : "custom"}
            onChange={(event) => {
              if (event.target.value !== "custom")
                setValue("delayMinutes", Number(event.target.value), { shouldDirty: true, shouldValidate: true });
              else setValue("delayMinutes", delayMinutes + 1, { shouldDirty: true });
            }}
          >
            {DELAY_PRESETS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {formatDelay(minutes)}
              </option>
            ))}
            <option value="custom">Custom…</option>
          </Select>
        </Field>
        <Field id={`delay-minutes-${stepId}`} label="Minutes" error={formState.errors.delayMinutes?.message}>
          <Input type="number" min={0} max={MAX_DELAY_MINUTES} step={1} {...register("delayMinutes", { valueAsNumber: true })} />
        </Field>
      </div>
      <p className="text-[13px] text-zinc-500" data-testid="delay-human">
        {Number.isFinite(delayMinutes)
          ? delayMinutes === 0
            ? "Sent immediately"
            : `Sent ${formatDelay(delayMinutes)} later`
          : "Enter a number of minutes"}
      </p>
    </div>
  );
}
