import { expect } from "vitest";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { POST as sendEmailRoute } from "@/app/api/v1/emails/route";
import { POST as createWebhookRoute } from "@/app/api/v1/webhooks/route";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { POST as importContactsRoute } from "@/app/api/v1/contacts/import/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as startTestRunRoute } from "@/app/api/v1/automations/[id]/test-runs/route";
import { POST as createApiKeyRoute } from "@/app/api/v1/api-keys/route";
import { GET as inboxRoute } from "@/app/api/v1/inbox/route";
import { POST as createBroadcastRoute } from "@/app/api/v1/broadcasts/route";
import { POST as sendBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/send/route";
import { POST as recordEventRoute } from "@/app/api/v1/events/route";
import { POST as createTopicRoute } from "@/app/api/v1/topics/route";
import { POST as createContactPropertyRoute } from "@/app/api/v1/contact-properties/route";
import { POST as createEventDefinitionRoute } from "@/app/api/v1/resend/events/route";
import { POST as createInvitationRoute } from "@/app/api/v1/members/invitations/route";
import { getDb } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/db/ids";
import { grantCredits } from "@/lib/credits/grant-credits";
import { now } from "@/lib/clock/clock";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { createUnsubscribeToken } from "@/lib/automations/unsubscribe-token";
import { call, makeAccount } from "./api";
import { makeVerifiedDomain } from "./domains";
import { flushRequestLogs } from "@/lib/request-logs/request-log-buffer";
import { runDueFor } from "./jobs";

// An account holding one of every resource the API addresses by id, made through the real
// routes (and the real send job for the inbox, tracking tokens and the suppression), for the
// fuzz tier and the cross-account matrix. The caller sets WEBHOOK_ALLOW_PRIVATE=1.

export type World = Awaited<ReturnType<typeof makeWorld>>;

export async function makeWorld() {
  const account = await makeAccount();
  const { accountId, key } = account;
  const db = getDb();
  await db.account.update({
    where: { id: accountId },
    data: { companyName: "Acme", trackOpens: true, trackClicks: true, rateLimitPerSecond: 100_000, rateLimitBurst: 100_000 },
  });
  await db.$transaction((tx) => grantCredits(tx, { accountId, amount: 1_000_000, description: "test grant" }));
  const domain = await makeVerifiedDomain(accountId);
  const from = `Acme <hello@${domain.domain}>`;

  const post = async (handler: Parameters<typeof call>[0], body: unknown, params: Record<string, string> = {}) => {
    const res = await call(handler, { method: "POST", path: "/", key, body, params });
    expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
    return res.json;
  };

  const template = await post(createTemplateRoute, {
    name: "Welcome",
    subject: "Hi {{name}}",
    htmlBody: '<p>Hello {{name}}, see <a href="https://example.com/docs">the docs</a></p>',
  });
  const email = await post(sendEmailRoute, {
    from,
    to: "delivered@simulator.test",
    subject: "Hello",
    html: '<p>Read <a href="https://example.com/start">this</a></p>',
    tags: [{ name: "kind", value: "welcome" }],
  });
  const bounced = await post(sendEmailRoute, { from, to: "bounced@simulator.test", subject: "Bounce", text: "x" });
  const scheduled = await post(sendEmailRoute, {
    from,
    to: "delivered@simulator.test",
    subject: "Later",
    text: "later",
    scheduled_at: new Date(now().getTime() + 24 * 3600_000).toISOString(),
  });
  await runDueFor(accountId, [emailSendJob]);

  const webhook = await post(createWebhookRoute, { url: `http://127.0.0.1:9/hook-${randomBase62(6)}` });
  const contact = await post(createContactRoute, {
    email: `ann-${randomBase62(6).toLowerCase()}@example.com`,
    name: "Ann",
    properties: { plan: "pro" },
  });
  const list = await post(createListRoute, { name: "Trial" });
  await post(addMemberRoute, { contactId: contact.id }, { id: list.id });
  const automation = await post(createAutomationRoute, {
    name: "Onboarding",
    from,
    triggerType: "list_join",
    triggerConfig: { listName: "Trial" },
    steps: [
      { delayMinutes: 0, subject: "Welcome {{name}}", bodyHtml: "<p>Hi {{name}}</p>" },
      { delayMinutes: 60, templateId: template.id },
    ],
  });
  const testRun = await post(startTestRunRoute, { contactId: contact.id }, { id: automation.id });
  // A failed real enrollment (what a retry acts on): stored directly, as the engine leaves one.
  const enrollment = await db.enrollment.create({
    data: {
      id: newId("enr"),
      accountId,
      automationId: automation.id,
      contactId: contact.id,
      status: "failed",
      nextPosition: 0,
      lastError: "fixture",
      enrolledAt: now(),
      updatedAt: now(),
    },
  });
  // A delivery in the webhook's log (what a redeliver acts on): stored directly, as an attempt leaves one.
  const webhookMessage = await db.webhookMessage.create({
    data: {
      id: newId("msg"),
      webhookId: webhook.id,
      eventId: newId("evt"),
      eventType: "email.delivered",
      payload: { type: "email.delivered", data: { email_id: email.id } },
      status: "failed",
      attempts: 1,
      createdAt: now(),
      updatedAt: now(),
    },
  });
  const webhookDelivery = await db.webhookDelivery.create({
    data: {
      id: newId("dlv"),
      webhookId: webhook.id,
      messageId: webhookMessage.id,
      eventId: webhookMessage.eventId,
      eventType: "email.delivered",
      attempt: 1,
      statusCode: 500,
      durationMs: 12,
      error: "HTTP 500",
      createdAt: now(),
    },
  });
  const apiKey = await post(createApiKeyRoute, { name: "second" });
  const contactImport = await post(importContactsRoute, { csv: "email,name\nbob@example.com,Bob\n" });

  const broadcastBody = { name: "News", from, listId: list.id, subject: "News for {{name}}", html: "<p>Hi {{name}}</p>" };
  const broadcast = await post(createBroadcastRoute, broadcastBody);
  const scheduledBroadcast = await post(createBroadcastRoute, { ...broadcastBody, name: "Later news" });
  await post(sendBroadcastRoute, { scheduledAt: new Date(now().getTime() + 24 * 3600_000).toISOString() }, { id: scheduledBroadcast.id });
  await post(recordEventRoute, { email: contact.email, name: "signed_up", properties: { plan: "pro" } });
  const topic = await post(createTopicRoute, { name: "Product news", defaultSubscription: "opt_in" });
  const contactProperty = await post(createContactPropertyRoute, { key: "seats", type: "number", fallback_value: 1 });
  const eventDefinition = await post(createEventDefinitionRoute, { name: "plan_upgraded", schema: { plan: "string", seats: "number" } });
  const invitation = await post(createInvitationRoute, { email: `invitee-${randomBase62(6).toLowerCase()}@example.com`, role: "viewer" });
  const membership = await db.membership.findFirstOrThrow({ where: { accountId, userId: account.userId } });

  // A received message with an attachment, stored as the inbound server stores one.
  const receivedEmail = await db.receivedEmail.create({
    data: {
      id: newId("rcv"),
      accountId,
      domainId: domain.id,
      mailFrom: "ann@sender.example",
      receivedFor: [`support@${domain.domain}`],
      from: "ann@sender.example",
      to: [`support@${domain.domain}`],
      cc: [],
      bcc: [],
      replyTo: [],
      subject: "Question",
      messageId: "<q@sender.example>",
      text: "hello",
      raw: new Uint8Array(Buffer.from("Subject: Question\r\n\r\nhello\r\n")),
      size: 32,
      remoteAddress: "127.0.0.1",
      createdAt: now(),
      attachments: {
        create: {
          id: newId("att"),
          accountId,
          filename: "a.txt",
          contentType: "text/plain",
          contentDisposition: "attachment",
          size: 1,
          content: new Uint8Array([97]),
        },
      },
    },
    include: { attachments: true },
  });

  const inbox = await call(inboxRoute, { path: `/api/v1/inbox?email_id=${email.id}`, key });
  const inboxMessageId: string = inbox.json.data[0]?.id;
  expect(inboxMessageId, "the delivered email reached the dev inbox").toBeTruthy();
  const tokens = await db.trackingToken.findMany({ where: { emailId: email.id } });
  const openToken = tokens.find((t) => t.kind === "open")?.token;
  const clickToken = tokens.find((t) => t.kind === "click")?.token;
  expect(openToken && clickToken, "tracking tokens were made at send").toBeTruthy();
  const suppression = await db.suppression.findFirst({ where: { accountId } });
  expect(suppression, "the hard bounce suppressed its address").toBeTruthy();
  // The requests above were made with the account's key, so its request log holds them.
  await flushRequestLogs();
  const requestLog = await db.requestLog.findFirst({ where: { accountId }, select: { id: true } });
  expect(requestLog, "the key's requests were logged").toBeTruthy();

  // The default layout made at sign-up, and an image (a 1x1 PNG, stored as an upload would be).
  const layout = await db.layout.findFirstOrThrow({ where: { accountId, isDefault: true }, select: { id: true } });
  const pixel = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
  const image = await db.image.create({
    data: { id: newId("img"), accountId, contentType: "image/png", width: 1, height: 1, bytes: pixel.length, data: new Uint8Array(pixel) },
    select: { id: true },
  });

  return {
    ...account,
    domain,
    from,
    ids: {
      layout: layout.id,
      image: image.id,
      email: email.id as string,
      bouncedEmail: bounced.id as string,
      scheduledEmail: scheduled.id as string,
      template: template.id as string,
      // Its first published version (a template is published at creation).
      templateVersion: (
        await getDb().templateVersion.findFirstOrThrow({ where: { templateId: template.id as string }, select: { id: true } })
      ).id,
      domain: domain.id,
      webhook: webhook.id as string,
      webhookDelivery: webhookDelivery.id,
      contact: contact.id as string,
      list: list.id as string,
      automation: automation.id as string,
      steps: (automation.steps as { id: string }[]).map((s) => s.id),
      testRun: testRun.id as string,
      enrollment: enrollment.id,
      apiKey: apiKey.id as string,
      ownKey: account.keyId,
      contactImport: contactImport.id as string,
      inboxMessage: inboxMessageId,
      receivedEmail: receivedEmail.id,
      receivedAttachment: receivedEmail.attachments[0].id,
      broadcast: broadcast.id as string,
      scheduledBroadcast: scheduledBroadcast.id as string,
      suppression: suppression!.id,
      topic: topic.id as string,
      contactProperty: contactProperty.id as string,
      eventDefinition: eventDefinition.id as string,
      requestLog: requestLog!.id,
      member: membership.id,
      invitation: invitation.id as string,
    },
    contactEmail: contact.email as string,
    suppressedEmail: suppression!.email,
    tokens: {
      open: openToken!,
      click: clickToken!,
      unsubscribe: createUnsubscribeToken({ contactId: contact.id, enrollmentId: null }),
    },
  };
}
