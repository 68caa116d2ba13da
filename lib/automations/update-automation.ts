import { getDb } from "@/lib/db/client";
import { ApiError, validationError } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { getAutomationResponse } from "./get-automation-or-throw";
import { lockAutomation } from "./lock-automation";
import { automationSettingsData } from "./journeys/journey-settings";
import { triggerConfigSchemas, type TriggerType, type UpdateAutomationBody } from "./schemas";

/**
 * Changes name, description, from, and (only while paused: 409 when active) the trigger. A
 * new triggerConfig is validated against the new or the stored triggerType.
 */
export async function updateAutomation(options: { accountId: string; id: string; input: UpdateAutomationBody }) {
  const { accountId, id, input } = options;
  await getDb().$transaction(async (tx) => {
    const status = await lockAutomation(tx, accountId, id);
    let triggerConfig: object | undefined;
    if (input.triggerType !== undefined || input.triggerConfig !== undefined) {
      if (status === "active") {
        throw new ApiError("conflict", "the trigger changes only while the automation is paused: pause it first");
      }
      const current = await tx.automation.findUniqueOrThrow({ where: { id }, select: { triggerType: true } });
      const type = (input.triggerType ?? current.triggerType) as TriggerType;
      const parsed = triggerConfigSchemas[type].safeParse(input.triggerConfig);
      if (!parsed.success) throw validationError(parsed.error, ["triggerConfig"]);
      triggerConfig = parsed.data;
    }
    await tx.automation.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description === undefined ? undefined : input.description || null,
        from: input.from === undefined ? undefined : input.from || null,
        triggerType: input.triggerType,
        ...automationSettingsData(input),
        triggerConfig,
        updatedAt: now(),
      },
    });
  });
  return getAutomationResponse({ accountId, id });
}
