import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { Prisma, type Broadcast } from "@/lib/generated/prisma/client";
import { createBroadcast } from "../create-broadcast";
import { updateBroadcast } from "../update-broadcast";
import { deleteBroadcast } from "../delete-broadcast";
import { sendBroadcast } from "../send-broadcast";
import { cancelBroadcast } from "../cancel-broadcast";
import { getBroadcastOrThrow } from "../get-broadcast-or-throw";
import { BROADCAST_NAME_MAX, type CreateBroadcastBody, type UpdateBroadcastBody } from "../schemas";
import { selectBroadcastClickedLinks, selectBroadcastRecipients } from "../broadcast-recipients-sql";
import {
  createFields,
  sdkFieldName,
  toSpecFields,
  type CreateSdkBroadcastBody,
  type ListSdkBroadcastRecipientsQuery,
  type UpdateSdkBroadcastBody,
} from "./sdk-broadcast-schemas";
import type { Pagination } from "@/lib/api/pagination";

// The resend SDK's broadcasts.* at its base path (/api/v1/resend/broadcasts): the spec's
// broadcasts, created, changed, sent and cancelled by the same functions, in the SDK's shapes.
// A segment (segment_id) is a list or a filtered segment, as for the spec's listId.

const ref = (id: string) => ({ object: "broadcast" as const, id });

/** A 400 from the spec's functions names the fields as the SDK's body does (segment_id, not listId). */
async function inSdkNames<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "validation_error" || !error.details?.length) throw error;
    const details = error.details.map((d) => ({ ...d, path: d.path.split(".").map(sdkFieldName).join(".") }));
    throw new ApiError("validation_error", `${details[0].path}: ${details[0].message}`, details);
  }
}

/** The SDK's three states: a draft, one on its way (scheduled or sending), one sent; a cancelled or failed one keeps its own word. */
function sdkStatus(status: Broadcast["status"]) {
  if (status === "scheduled" || status === "sending") return "queued";
  return status;
}

function serializeSdkBroadcastSummary(b: Broadcast) {
  return {
    id: b.id,
    name: b.name,
    segment_id: b.listId,
    audience_id: b.listId,
    status: sdkStatus(b.status),
    created_at: b.createdAt.toISOString(),
    scheduled_at: b.scheduledAt?.toISOString() ?? null,
    sent_at: b.startedAt?.toISOString() ?? null,
  };
}

function serializeSdkBroadcast(b: Broadcast) {
  return {
    object: "broadcast" as const,
    ...serializeSdkBroadcastSummary(b),
    from: b.from,
    subject: b.subject,
    reply_to: null,
    preview_text: null,
    topic_id: b.topicId,
    html: b.html,
    text: b.text,
  };
}

/** broadcasts.create: a draft, sent at once (or at scheduled_at) with send: true. */
export async function createSdkBroadcast(options: { accountId: string; input: CreateSdkBroadcastBody }) {
  const { accountId, input } = options;
  const fields = createFields(input) as CreateBroadcastBody;
  const created = await inSdkNames(() => createBroadcast({ accountId, input: fields }));
  if (input.send) await inSdkNames(() => sendBroadcast({ accountId, id: created.id, input: { scheduledAt: input.scheduled_at } }));
  return { id: created.id };
}

export async function getSdkBroadcast(options: { accountId: string; id: string }) {
  return serializeSdkBroadcast(await getBroadcastOrThrow(options));
}

/** broadcasts.list: newest first, offset paging. */
export async function listSdkBroadcasts(options: { accountId: string; page: Pagination }) {
  const { limit, offset } = options.page;
  const rows = await getDb().broadcast.findMany({
    where: { accountId: options.accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    skip: offset,
  });
  return { object: "list" as const, has_more: rows.length > limit, data: rows.slice(0, limit).map(serializeSdkBroadcastSummary) };
}

/** broadcasts.update: a draft's fields (a 409 once it is scheduled or sent). */
export async function updateSdkBroadcast(options: { accountId: string; id: string; input: UpdateSdkBroadcastBody }) {
  const input = toSpecFields(options.input) as UpdateBroadcastBody;
  await inSdkNames(() => updateBroadcast({ accountId: options.accountId, id: options.id, input }));
  return { id: options.id };
}

export async function removeSdkBroadcast(options: { accountId: string; id: string }) {
  const { id, deleted } = await deleteBroadcast(options);
  return { ...ref(id), deleted };
}

export async function sendSdkBroadcast(options: { accountId: string; id: string; scheduledAt?: string }) {
  await inSdkNames(() => sendBroadcast({ accountId: options.accountId, id: options.id, input: { scheduledAt: options.scheduledAt } }));
  return { id: options.id };
}

export async function cancelSdkBroadcast(options: { accountId: string; id: string }) {
  await cancelBroadcast(options);
  return ref(options.id);
}

/** broadcasts.duplicate: a new draft with the broadcast's content, audience, topic and A/B test; nothing of its sending. */
export async function duplicateBroadcast(options: { accountId: string; id: string }) {
  const source = await getBroadcastOrThrow(options);
  const at = now();
  const copy = await getDb().broadcast.create({
    data: {
      id: newId("bc"),
      accountId: options.accountId,
      name: `${source.name} (copy)`.slice(0, BROADCAST_NAME_MAX),
      from: source.from,
      subject: source.subject,
      html: source.html,
      design: source.design ?? Prisma.DbNull,
      text: source.text,
      templateId: source.templateId,
      listId: source.listId,
      topicId: source.topicId,
      abTest: source.abTest ?? Prisma.DbNull,
      createdAt: at,
      updatedAt: at,
    },
  });
  return ref(copy.id);
}

/** broadcasts.recipients: the broadcast's recipients of one kind (sent, opened, bounced, ...). */
export async function listSdkBroadcastRecipients(options: { accountId: string; id: string; query: ListSdkBroadcastRecipientsQuery }) {
  const { accountId, id, query } = options;
  const broadcast = await getBroadcastOrThrow({ accountId, id });
  const rows = await selectBroadcastRecipients(getDb(), {
    accountId,
    broadcastId: id,
    topicId: broadcast.topicId,
    type: query.type,
    email: query.email ?? null,
    bounceType: query.bounce_type ?? null,
    limit: query.limit + 1,
    offset: query.offset,
  });
  const data = rows.slice(0, query.limit).map((r) => ({
    id: r.id,
    contact_id: r.contactId,
    email: r.email,
    ...(r.opens !== null ? { count: r.opens } : {}),
    ...(r.links !== null ? { count: r.links.reduce((n, l) => n + l.clicks, 0), clicked_links: r.links } : {}),
    ...(r.bounceType !== null ? { bounce_type: r.bounceType } : {}),
  }));
  return { object: "list" as const, has_more: rows.length > query.limit, data };
}

/** broadcasts.clickedLinks: each link its emails had followed, most clicked first. */
export async function listSdkBroadcastClickedLinks(options: { accountId: string; id: string; page: Pagination }) {
  const { accountId, id, page } = options;
  await getBroadcastOrThrow({ accountId, id });
  const rows = await selectBroadcastClickedLinks(getDb(), { accountId, broadcastId: id, limit: page.limit + 1, offset: page.offset });
  const data = rows.slice(0, page.limit).map((r, i) => ({
    // An opaque row cursor, as the SDK's type says: the row's place in this ordering.
    id: `lnk_${page.offset + i + 1}`,
    url: r.url,
    clicks: r.clicks,
    unique_clicks: r.uniqueClicks,
  }));
  return { object: "list" as const, has_more: rows.length > page.limit, data };
}
