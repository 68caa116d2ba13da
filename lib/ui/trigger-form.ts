import type { FieldErrors, Resolver } from "react-hook-form";
import { triggerConfigSchemas, type TriggerType } from "@/lib/automations/schemas";
import type { Automation } from "@/lib/hooks/use-automations";

/** The trigger form's fields: one set for every trigger type, the type picking those that count. */
export interface TriggerFormValues {
  triggerType: TriggerType;
  listName: string;
  segmentId: string;
  eventName: string;
  property: string;
  value: string;
  from: string;
  to: string;
}

/** The trigger's config, as the API takes it, from the fields its type uses. */
export function triggerConfigOf(values: TriggerFormValues) {
  if (values.triggerType === "list_join") return { listName: values.listName };
  if (values.triggerType === "event") return { eventName: values.eventName };
  if (values.triggerType === "segment_entry") return { segmentId: values.segmentId };
  if (values.triggerType === "property_equals") return { property: values.property, value: values.value };
  const config: { property: string; from?: string; to?: string } = { property: values.property };
  // Empty means "any value": the side is left out.
  if (values.from !== "") config.from = values.from;
  if (values.to !== "") config.to = values.to;
  return config;
}

// The API's own trigger schemas validate the form.
export const triggerFormResolver: Resolver<TriggerFormValues> = async (values) => {
  const parsed = triggerConfigSchemas[values.triggerType].safeParse(triggerConfigOf(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<TriggerFormValues> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "property") as keyof TriggerFormValues;
    errors[key] ??= { type: "validation", message: issue.message };
  }
  return { values: {}, errors };
};

/** The form's starting values: the automation's trigger, every field it does not use empty. */
export function triggerFormDefaults(automation: Automation): TriggerFormValues {
  const c = (automation.triggerConfig ?? {}) as Record<string, string | undefined>;
  return {
    triggerType: automation.triggerType as TriggerType,
    listName: c.listName ?? "",
    segmentId: c.segmentId ?? "",
    eventName: c.eventName ?? "",
    property: c.property ?? "",
    value: c.value ?? "",
    from: c.from ?? "",
    to: c.to ?? "",
  };
}
