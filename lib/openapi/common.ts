import { z } from "zod";

// Building blocks of the documented response shapes (lib/<area>/response-schemas.ts). Response
// schemas are plain z.object: the document is generated in zod's output mode, which closes
// every object (additionalProperties: false), so a serializer that grows a field the schema
// does not name fails the response check in tests/helpers/api.ts.

/** ISO 8601 UTC timestamp with Z, as every serializer writes it (Date.toISOString()). */
export const timestamp = z.iso.datetime().meta({ id: "Timestamp", description: "ISO 8601, UTC", example: "2026-01-02T03:04:05.000Z" });
export const nullableTimestamp = timestamp.nullable();

/** An opaque id with its kind's prefix (DESIGN 3). */
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

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: "A stable machine-readable code; the HTTP status follows from it (lib/api/errors.ts)." }),
      message: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
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
