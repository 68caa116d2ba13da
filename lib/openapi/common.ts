import { z } from "zod";
import { errorStatus } from "@/lib/api/errors";

// Building blocks of the documented response shapes (lib/<area>/response-schemas.ts). Response
// schemas are plain z.object: the document is generated in zod's output mode, which closes
// every object (additionalProperties: false), so a serializer that grows a field the schema
// does not name fails the response check in tests/helpers/api.ts.

/** ISO 8601 UTC timestamp with Z, as every serializer writes it (Date.toISOString()). */
export const timestamp = z.iso.datetime().meta({ id: "Timestamp", description: "ISO 8601, UTC", example: "2026-01-02T03:04:05.000Z" });
export const nullableTimestamp = timestamp.nullable();

/** An opaque id with its kind's prefix. */
export const idOf = (prefix: string) => z.string().meta({ example: `${prefix}_4kXv7Qp2Lm9RzT1cWn8bYd` });

/** Any JSON value (stored JSON columns whose shape the caller chose). */
export const jsonValue = z.unknown();

export const paginationSchema = z
  .object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int(), hasMore: z.boolean() })
  .meta({ id: "Pagination", example: { limit: 20, offset: 0, total: 57, hasMore: true } });

/** The list envelope of lib/api/pagination.ts: {data, pagination}. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}

/** What a DELETE of a resource returns. */
export const deletedSchema = (prefix: string) => z.object({ id: idOf(prefix), deleted: z.literal(true) });

/** A fix the dashboard offers for a problem (lib/api/errors.ts ErrorFix). */
export const fixSchema = z
  .object({
    action: z.enum(["choose_sender", "verify_domain", "create_list", "add_step", "edit_step", "open_automation", "open_settings"]),
    label: z.string().meta({ description: "The button's words, e.g. “Create the list Newsletter”." }),
    listName: z.string().optional(),
    stepId: z.string().optional(),
    href: z.string().optional(),
    from: z.string().optional().meta({ description: "choose_sender: the sender the button sets (local mode: the sandbox sender)." }),
  })
  .meta({ id: "Fix" });

/** A plain-language problem with a machine-readable code and, when there is one, its fix. */
export const blockerSchema = z.object({ code: z.string(), path: z.string(), message: z.string(), fix: fixSchema.optional() }).meta({
  id: "Blocker",
  example: {
    code: "no_sender",
    path: "from",
    message: "no sender: choose who these emails come from (the automation's from, or the account's default sender)",
    fix: { action: "choose_sender", label: "Choose a sender" },
  },
});

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().meta({
        description: `A stable machine-readable code; the HTTP status follows from it: ${Object.entries(errorStatus)
          .map(([code, status]) => `${code} ${status}`)
          .join(", ")}.`,
      }),
      message: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      blockers: z
        .array(blockerSchema)
        .optional()
        .meta({ description: "Activation refusals: each problem of details again, with a code and a fix." }),
    }),
    // Beside the documented object, the fields the Resend SDK reads (`const { error } = ...`).
    name: z.string().meta({ description: "The same as error.code." }),
    message: z.string().meta({ description: "The same as error.message." }),
    statusCode: z.number().int().meta({ description: "The HTTP status." }),
  })
  .meta({
    id: "Error",
    example: {
      error: {
        code: "validation_error",
        message: "to: at least one recipient",
        details: [{ path: "to", message: "at least one recipient" }],
      },
      name: "validation_error",
      message: "to: at least one recipient",
      statusCode: 400,
    },
  });
