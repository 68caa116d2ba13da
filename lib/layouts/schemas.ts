import { z } from "zod";
import { LAYOUT_FONTS } from "./layout-content";

// Shared by the routes and the dashboard's layout form. Texts are plain (escaped when wrapped).

const optionalText = (name: string, max: number) =>
  z
    .string({ message: `${name} must be a string` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v));

const layoutFields = {
  name: z.string({ message: "name must be a string" }).trim().min(1, "name is required").max(100, "name must be at most 100 characters"),
  headerText: optionalText("headerText", 200),
  logoUrl: z
    .string({ message: "logoUrl must be a string" })
    .trim()
    .max(2000, "logoUrl must be at most 2000 characters")
    .regex(/^(https?:\/\/\S+)?$/i, "logoUrl must be an http(s) address")
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v)),
  footerText: optionalText("footerText", 1000),
  address: optionalText("address", 500),
  brandColor: z
    .string({ message: "brandColor must be a string" })
    .regex(/^#[0-9a-fA-F]{6}$/, "brandColor must be a colour like #1d4ed8")
    .optional(),
  font: z.enum(LAYOUT_FONTS, { message: `font must be one of: ${LAYOUT_FONTS.join(", ")}` }).optional(),
};

export const createLayoutBodySchema = z.object(layoutFields).strict();
export type CreateLayoutBody = z.infer<typeof createLayoutBodySchema>;

export const updateLayoutBodySchema = z
  .object({ ...layoutFields, name: layoutFields.name.optional() })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), "send at least one field to change");
export type UpdateLayoutBody = z.infer<typeof updateLayoutBodySchema>;
