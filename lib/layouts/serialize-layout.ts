import type { Layout } from "@/lib/generated/prisma/client";

export function serializeLayout(layout: Layout) {
  return {
    id: layout.id,
    name: layout.name,
    isDefault: layout.isDefault,
    headerText: layout.headerText,
    logoUrl: layout.logoUrl,
    footerText: layout.footerText,
    address: layout.address,
    brandColor: layout.brandColor,
    font: layout.font,
    createdAt: layout.createdAt.toISOString(),
    updatedAt: layout.updatedAt.toISOString(),
  };
}

export type LayoutResponse = ReturnType<typeof serializeLayout>;
