import { z } from "zod";
import { idOf, timestamp } from "@/lib/openapi/common";

export const layoutResponseSchema = z
  .object({
    id: idOf("lay"),
    name: z.string(),
    isDefault: z.boolean().meta({ description: "The layout broadcasts and journey emails are sent in." }),
    headerText: z.string().nullable().meta({ description: "Shown at the top when there is no logo (the logo's alt text otherwise)." }),
    logoUrl: z.string().nullable(),
    footerText: z.string().nullable(),
    address: z.string().nullable().meta({ description: "The company's postal address, in every footer." }),
    brandColor: z.string().meta({ example: "#1d4ed8" }),
    font: z.string().meta({ example: "system" }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Layout" });

export const listLayoutsResponseSchema = z.object({ data: z.array(layoutResponseSchema) });
