import type { ContactProperties } from "@/lib/contacts/schemas";
import type { EventTriggerConfig, ListJoinConfig, PropertyChangedConfig, PropertyEqualsConfig } from "../schemas";

// Which contact events start which triggers. Pure, so the rules are unit-tested.

export type ContactEventKind =
  | { type: "created"; properties: ContactProperties }
  | { type: "updated"; properties: ContactProperties; previousProperties: ContactProperties }
  | { type: "list_joined"; listName: string }
  | { type: "event"; name: string };

const asText = (value: unknown): string | undefined => (value === undefined || value === null ? undefined : String(value));

export function triggerMatches(triggerType: string, config: unknown, event: ContactEventKind): boolean {
  switch (triggerType) {
    case "list_join":
      return event.type === "list_joined" && event.listName === (config as ListJoinConfig).listName;
    case "event":
      return event.type === "event" && event.name === (config as EventTriggerConfig).eventName;
    case "property_equals": {
      if (event.type === "list_joined" || event.type === "event") return false;
      const { property, value } = config as PropertyEqualsConfig;
      const current = asText(event.properties[property]);
      if (current !== value) return false;
      // An update fires only when it moved the property to the value, not on every later edit.
      return event.type === "created" || asText(event.previousProperties[property]) !== value;
    }
    case "property_changed": {
      if (event.type !== "updated") return false;
      const { property, from, to } = config as PropertyChangedConfig;
      const before = asText(event.previousProperties[property]);
      const after = asText(event.properties[property]);
      if (before === after) return false;
      return (from === undefined || from === before) && (to === undefined || to === after);
    }
    default:
      return false;
  }
}
