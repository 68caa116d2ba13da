import { getDb, type Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError, notFound } from "@/lib/api/errors";
import { Prisma, type EventDefinition } from "@/lib/generated/prisma/client";
import { checkEventPayload } from "./check-event-payload";
import { EVENT_DEFINITIONS_MAX, type CreateEventDefinitionBody, type EventSchemaMap, type UpdateEventDefinitionBody } from "./schemas";

// The resend SDK's events.create/get/list/update/remove: event names an account declares, each
// with the types its payload keys must have. Recording an event checks its payload against its
// name's schema (eventPayloadError); a name never declared is recorded unchecked.

function serialize(row: EventDefinition) {
  return {
    object: "event" as const,
    id: row.id,
    name: row.name,
    schema: (row.schema ?? null) as EventSchemaMap | null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt?.toISOString() ?? null,
  };
}

/** The account's definition by id (`edf_...`) or by name, as the SDK's `identifier`; else a 404. */
async function findDefinition(accountId: string, identifier: string) {
  const row = await getDb().eventDefinition.findFirst({
    where: { accountId, OR: [{ id: identifier }, { name: identifier }] },
  });
  if (!row) throw notFound("event");
  return row;
}

/** Declares an event name; one already declared is a 409, past EVENT_DEFINITIONS_MAX a 403. */
export async function createEventDefinition(options: { accountId: string; input: CreateEventDefinitionBody }) {
  const { accountId, input } = options;
  const db = getDb();
  if ((await db.eventDefinition.count({ where: { accountId } })) >= EVENT_DEFINITIONS_MAX) {
    throw new ApiError("limit_reached", `an account declares at most ${EVENT_DEFINITIONS_MAX} events`);
  }
  try {
    const row = await db.eventDefinition.create({
      data: { id: newId("edf"), accountId, name: input.name, schema: jsonOrNull(input.schema ?? null), createdAt: now() },
    });
    return { object: "event" as const, id: row.id };
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new ApiError("conflict", `an event named "${input.name}" is already declared`, [{ path: "name", message: "already declared" }]);
    }
    throw error;
  }
}

export async function getEventDefinition(options: { accountId: string; identifier: string }) {
  return serialize(await findDefinition(options.accountId, options.identifier));
}

/** Every declared event (at most EVENT_DEFINITIONS_MAX), newest first. */
export async function listEventDefinitions(options: { accountId: string; limit: number; offset: number }) {
  const rows = await getDb().eventDefinition.findMany({
    where: { accountId: options.accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: options.offset,
    take: options.limit + 1,
  });
  return { object: "list" as const, data: rows.slice(0, options.limit).map(serialize), has_more: rows.length > options.limit };
}

/** Replaces the schema (null checks nothing from now on); events already recorded stay as they are. */
export async function updateEventDefinition(options: { accountId: string; identifier: string; input: UpdateEventDefinitionBody }) {
  const row = await findDefinition(options.accountId, options.identifier);
  await getDb().eventDefinition.update({ where: { id: row.id }, data: { schema: jsonOrNull(options.input.schema), updatedAt: now() } });
  return { object: "event" as const, id: row.id };
}

/** Forgets the declaration: the events recorded under its name stay, and the name records unchecked. */
export async function removeEventDefinition(options: { accountId: string; identifier: string }) {
  const row = await findDefinition(options.accountId, options.identifier);
  await getDb().eventDefinition.deleteMany({ where: { id: row.id, accountId: options.accountId } });
  return { object: "event" as const, id: row.id, deleted: true as const };
}

/**
 * The declared schemas of `names` in the account (one indexed read; a name never declared, or
 * declared without a schema, is absent). In the recording transaction, so a schema changed
 * meanwhile is read as of the recording.
 */
export async function eventSchemas(tx: Tx, accountId: string, names: string[]): Promise<Map<string, EventSchemaMap>> {
  const rows = await tx.eventDefinition.findMany({ where: { accountId, name: { in: names } }, select: { name: true, schema: true } });
  return new Map(rows.flatMap((row) => (row.schema ? [[row.name, row.schema as EventSchemaMap] as const] : [])));
}

/**
 * The 400 naming each payload key whose value does not have the type the event's declared
 * schema gives it; null when the name is not declared or declares no schema.
 */
export function eventPayloadError(
  schemas: Map<string, EventSchemaMap>,
  options: { name: string; payload: Record<string, unknown>; field: string },
): ApiError | null {
  const schema = schemas.get(options.name);
  if (!schema) return null;
  const issues = checkEventPayload(options.name, schema, options.payload, options.field);
  return issues.length ? new ApiError("validation_error", `${issues[0].path}: ${issues[0].message}`, issues) : null;
}

const jsonOrNull = (schema: EventSchemaMap | null) => (schema === null ? Prisma.DbNull : schema);
