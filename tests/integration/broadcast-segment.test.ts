import { describe, expect, it } from "vitest";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { PATCH as patchContactTopicsRoute } from "@/app/api/v1/contacts/[id]/topics/route";
import { POST as createPropertyRoute } from "@/app/api/v1/contact-properties/route";
import { POST as createSegmentRoute } from "@/app/api/v1/segments/route";
import { POST as createTopicRoute } from "@/app/api/v1/topics/route";
import { POST as createBroadcastRoute } from "@/app/api/v1/broadcasts/route";
import { GET as getBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/route";
import { POST as sendBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/send/route";
import { getDb } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/db/ids";
import { resetEnvCache } from "@/lib/config/env";
import { sendBroadcastJob } from "@/lib/broadcasts/send-broadcast-job";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

// A broadcast whose audience is a filtered segment reaches exactly the contacts matching the
// filter when it fans out, with the topic rule, unsubscribes and suppressions still applied.

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

describe("a broadcast to a filtered segment", () => {
  it("emails exactly the matching contacts, in pages, skipping the unsubscribed and those opted out of its topic", async () => {
    const { key, accountId } = await makeAccount();
    const domain = await makeVerifiedDomain(accountId);
    await getDb().account.update({ where: { id: accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
    await call(createPropertyRoute, { method: "POST", path: "/", key, body: { key: "seats", type: "number" } });
    const tips = (await call(createTopicRoute, { method: "POST", path: "/", key, body: { name: "Tips", defaultSubscription: "opt_in" } }))
      .json;

    const make = async (name: string, seats: number) =>
      (await call(createContactRoute, { method: "POST", path: "/", key, body: { email: address(name), properties: { seats } } })).json as {
        id: string;
        email: string;
      };
    const matching = [];
    for (let i = 0; i < 7; i++) matching.push(await make(`m${i}`, 10 + i));
    const others = [await make("small", 2), await make("tiny", 1)];
    const quiet = await make("quiet", 50);
    await getDb().contact.update({ where: { id: quiet.id }, data: { subscribed: false } });
    const optedOut = await make("optout", 60);
    await call(patchContactTopicsRoute, {
      method: "PATCH",
      path: "/",
      key,
      params: { id: optedOut.id },
      body: [{ id: tips.id, subscription: "opt_out" }],
    });
    // An event marks some of the big ones: the filter combines a property and an event.
    for (const c of [...matching, quiet, optedOut]) {
      await getDb().contactEvent.create({ data: { id: newId("evt"), accountId, contactId: c.id, name: "signed_up" } });
    }
    await getDb().contactEvent.create({ data: { id: newId("evt"), accountId, contactId: others[0].id, name: "signed_up" } });

    const segment = await call(createSegmentRoute, {
      method: "POST",
      path: "/",
      key,
      body: {
        name: "Big sign-ups",
        filter: {
          type: "and",
          rules: [
            { type: "rule", field: "seats", operator: "gte", value: 10 },
            { type: "event", eventName: "signed_up" },
          ],
        },
      },
    });
    expect(segment.status, JSON.stringify(segment.json)).toBe(201);
    expect(segment.json.count).toBe(9);

    const created = await call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key,
      body: {
        name: "Tips",
        from: `Acme <news@${domain.domain}>`,
        subject: "Tips",
        html: "<p>Hi</p>",
        listId: segment.json.id,
        topicId: tips.id,
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    process.env.BROADCAST_BATCH_SIZE = "3";
    resetEnvCache();
    try {
      expect((await call(sendBroadcastRoute, { method: "POST", path: "/", key, params: { id: created.json.id } })).status).toBe(202);
      await runDueFor(accountId, [sendBroadcastJob, emailSendJob, emailSendBatchJob]);
    } finally {
      delete process.env.BROADCAST_BATCH_SIZE;
      resetEnvCache();
    }
    const sent = (await call(getBroadcastRoute, { path: "/", key, params: { id: created.json.id } })).json;
    expect(sent).toMatchObject({ status: "sent", stats: { recipients: 7, skipped: 1, optedOut: 1 } });
    const emailed = await getDb().email.findMany({ where: { broadcastId: created.json.id }, select: { contactId: true, to: true } });
    expect(emailed.map((e) => e.contactId).sort()).toEqual(matching.map((c) => c.id).sort());
    expect(emailed.map((e) => e.to[0]).sort()).toEqual(matching.map((c) => c.email).sort());
  });
});
