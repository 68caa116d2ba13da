import type { ContactProperty } from "@/lib/generated/prisma/client";

// Contact properties answer in the resend SDK's field names (its ApiContactProperty type).
export function serializeContactProperty(property: ContactProperty) {
  return {
    object: "contact_property" as const,
    id: property.id,
    key: property.key,
    type: property.type,
    fallback_value: (property.fallbackValue ?? null) as string | number | boolean | null,
    created_at: property.createdAt.toISOString(),
  };
}
