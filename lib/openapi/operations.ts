import { z } from "zod";
import type { ErrorCode } from "@/lib/api/errors";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { changePasswordBodySchema, updateAccountBodySchema } from "@/lib/accounts/schemas";
import { accountResponseSchema, changePasswordResponseSchema, resendConfirmationResponseSchema } from "@/lib/accounts/response-schemas";
import { analyticsQuerySchema, timeseriesQuerySchema, topLinksQuerySchema } from "@/lib/analytics/schemas";
import {
  analyticsOverviewResponseSchema,
  analyticsTimeseriesResponseSchema,
  analyticsTopLinksResponseSchema,
} from "@/lib/analytics/response-schemas";
import { createApiKeyBodySchema, revokeApiKeyQuerySchema } from "@/lib/api-keys/schemas";
import { apiKeyResponseSchema, createdApiKeyResponseSchema, listApiKeysResponseSchema } from "@/lib/api-keys/response-schemas";
import {
  activateAutomationBodySchema,
  addStepBodySchema,
  createAutomationBodySchema,
  replaceStepsBodySchema,
  listAutomationsQuerySchema,
  listEnrollmentsQuerySchema,
  updateAutomationBodySchema,
  updateStepBodySchema,
} from "@/lib/automations/schemas";
import { listTestRunsQuerySchema, startTestRunBodySchema } from "@/lib/automations/test-runs/test-run-schemas";
import { listScenariosQuerySchema } from "@/lib/automations/scenarios/schemas";
import {
  createJourneyBodySchema,
  listJourneysQuerySchema,
  listRunsQuerySchema,
  updateJourneyBodySchema,
} from "@/lib/automations/graph/journey-schemas";
import {
  journeyRefSchema,
  journeySchema,
  listJourneysResponseSchema,
  listRunsResponseSchema,
  removedJourneySchema,
  runSchema,
  sendEventResponseSchema,
  stoppedJourneySchema,
} from "@/lib/automations/journeys/response-schemas";
import { sendEventBodySchema } from "@/lib/events/schemas";
import {
  activateAutomationResponseSchema,
  automationChecksResponseSchema,
  automationResponseSchema,
  matchingContactsResponseSchema,
  listAutomationsResponseSchema,
  enrollmentResponseSchema,
  listEnrollmentsResponseSchema,
  listScenariosResponseSchema,
  listTestRunsResponseSchema,
  scenarioResponseSchema,
  stepFunnelResponseSchema,
  stepResponseSchema,
  testRunResponseSchema,
} from "@/lib/automations/response-schemas";
import { createContactBodySchema, listContactsQuerySchema, updateContactBodySchema } from "@/lib/contacts/schemas";
import { importContactsBodySchema } from "@/lib/contacts/import-schemas";
import {
  contactImportResponseSchema,
  contactPropertyKeysResponseSchema,
  contactResponseSchema,
  listContactsResponseSchema,
} from "@/lib/contacts/response-schemas";
import { listCreditTransactionsQuerySchema } from "@/lib/credits/schemas";
import { creditBalanceResponseSchema, listCreditTransactionsResponseSchema } from "@/lib/credits/response-schemas";
import { createDomainBodySchema } from "@/lib/domains/schemas";
import { domainResponseSchema, listDomainsResponseSchema, verifyDomainResponseSchema } from "@/lib/domains/response-schemas";
import {
  batchSendBodySchema,
  listEmailsQuerySchema,
  MAX_BATCH,
  rescheduleEmailBodySchema,
  sendEmailBodySchema,
} from "@/lib/emails/schemas";
import {
  batchSendResponseSchema,
  cancelEmailResponseSchema,
  emailResponseSchema,
  rescheduleEmailResponseSchema,
  listEmailsResponseSchema,
  sendEmailResponseSchema,
} from "@/lib/emails/response-schemas";
import { listInboxQuerySchema } from "@/lib/inbox/schemas";
import { inboxMessageResponseSchema, listInboxMessagesResponseSchema, openInboxMessageResponseSchema } from "@/lib/inbox/response-schemas";
import { addListContactBodySchema, createListBodySchema, listListsQuerySchema } from "@/lib/lists/schemas";
import {
  addListContactResponseSchema,
  deleteListResponseSchema,
  listListsResponseSchema,
  listResponseSchema,
  removeListContactResponseSchema,
} from "@/lib/lists/response-schemas";
import { smtpSettingsResponseSchema } from "@/lib/relay/response-schemas";
import { deleteSuppressionQuerySchema, listSuppressionsQuerySchema } from "@/lib/suppressions/schemas";
import { deleteSuppressionResponseSchema, listSuppressionsResponseSchema } from "@/lib/suppressions/response-schemas";
import {
  createTemplateBodySchema,
  listTemplatesQuerySchema,
  previewTemplateBodySchema,
  updateTemplateBodySchema,
} from "@/lib/templates/schemas";
import { listTemplatesResponseSchema, previewTemplateResponseSchema, templateResponseSchema } from "@/lib/templates/response-schemas";
import {
  createWebhookBodySchema,
  testWebhookBodySchema,
  listWebhookDeliveriesQuerySchema,
  listWebhooksQuerySchema,
  updateWebhookBodySchema,
} from "@/lib/webhooks/schemas";
import {
  listWebhookDeliveriesResponseSchema,
  listWebhooksResponseSchema,
  redeliverWebhookResponseSchema,
  testWebhookResponseSchema,
  webhookResponseSchema,
  webhookWithSecretResponseSchema,
  createdWebhookResponseSchema,
} from "@/lib/webhooks/response-schemas";
import { deletedSchema } from "./common";
import {
  createBroadcastBodySchema,
  listBroadcastsQuerySchema,
  sendBroadcastBodySchema,
  testBroadcastBodySchema,
  updateBroadcastBodySchema,
} from "@/lib/broadcasts/schemas";
import { broadcastResponseSchema, listBroadcastsResponseSchema, testBroadcastResponseSchema } from "@/lib/broadcasts/response-schemas";
import { listContactEventsQuerySchema, recordEventBodySchema } from "@/lib/events/schemas";
import { contactActivityQuerySchema, contactActivityResponseSchema } from "@/lib/contacts/activity-schemas";
import { eventNamesResponseSchema, listContactEventsResponseSchema, recordEventResponseSchema } from "@/lib/events/response-schemas";
import { openApiDocumentResponseSchema } from "./document-schema";

// The registry the OpenAPI document is built from (lib/openapi/build-document.ts): one entry
// per route and method under app/api/v1.
//
// Adding a route is one entry here: `op(METHOD, "/path/{param}", { id, summary, tag, body?,
// query?, response, ... })`, where `body` and `query` are the very schema objects the route
// passes to apiHandler (tests/integration/openapi.test.ts fails when a route file or method has
// no entry, or when its schemas differ), and `response` is the zod schema of what the handler
// returns (lib/<area>/response-schemas.ts). Every response an integration test gets through
// tests/helpers/api.ts `call` is checked against the document, so a serializer change that the
// schema does not follow fails a test. Statuses every route can answer (401, 403, 413, 429,
// 500; 400 and 415 with a body or query; 404 with a path parameter) are added by the builder;
// list the others in `errors`.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export const TAGS = [
  { name: "Emails", description: "Send, schedule, batch, read and cancel emails." },
  { name: "Domains", description: "Sending domains and their DNS verification." },
  { name: "Templates", description: "Reusable subjects and bodies with mustache variables." },
  { name: "Contacts", description: "Contacts, their properties and CSV imports." },
  { name: "Lists", description: "Contact lists and their members." },
  { name: "Automations", description: "Triggered email sequences, their steps, enrollments and test runs." },
  { name: "Webhooks", description: "Signed event deliveries to your endpoints." },
  { name: "API keys", description: "Keys for the Authorization: Bearer header." },
  { name: "Account", description: "Settings, credits, suppressions, SMTP relay and the dev inbox." },
  { name: "Analytics", description: "Counts, rates and time series over sent email." },
  { name: "Broadcasts", description: "One-off sends to every subscribed member of a list." },
  { name: "Events", description: "Contact events from your app, which start event-triggered automations." },
  { name: "Meta", description: "This document." },
] as const;

export type Tag = (typeof TAGS)[number]["name"];

export interface Operation {
  method: HttpMethod;
  /** Under /api/v1, parameters in braces: "/emails/{id}". */
  path: string;
  /** operationId: stable, camelCase. */
  id: string;
  summary: string;
  description?: string;
  tag: Tag;
  /** No Authorization needed. */
  public?: boolean;
  /** A narrower scope than full_access that also passes. */
  scope?: "send:email";
  /** The schema the route validates the body with (the same object as its apiHandler option). */
  body?: z.ZodType;
  /** Shown in the document instead of `body` when the validator is looser (the batch array). */
  bodyShown?: z.ZodType;
  query?: z.ZodType;
  /** Success status; default 201 for POST of a new resource is set per entry. */
  status?: 200 | 201 | 202;
  response: z.ZodType;
  /** Another success status with the same body (adding a list member who already is one: 200). */
  alsoStatus?: 200 | 201;
  /** Error codes this operation can answer beyond the ones every route can. */
  errors?: ErrorCode[];
  /** A request body shown in the reference (the linter checks it against the schema). */
  example?: unknown;
  /** Accepts the Idempotency-Key header. */
  idempotent?: boolean;
}

type Fields = Omit<Operation, "method" | "path">;
const op = (method: HttpMethod, path: string, fields: Fields): Operation => ({ method, path, ...fields });

export const operations: Operation[] = [
  // Broadcasts
  op("POST", "/broadcasts", {
    id: "createBroadcast",
    summary: "Create a broadcast (a draft)",
    tag: "Broadcasts",
    status: 201,
    body: createBroadcastBodySchema,
    response: broadcastResponseSchema,
    example: {
      name: "November news",
      from: "Acme <news@example.com>",
      subject: "What's new, {{contact.name}}",
      html: "<p>Hello {{contact.name}}</p>",
      listId: "lst_4kXv7Qp2Lm9RzT1cWn8bYd",
    },
    errors: ["not_found"],
  }),
  op("GET", "/broadcasts", {
    id: "listBroadcasts",
    summary: "List broadcasts",
    tag: "Broadcasts",
    query: listBroadcastsQuerySchema,
    response: listBroadcastsResponseSchema,
  }),
  op("GET", "/broadcasts/{id}", {
    id: "getBroadcast",
    summary: "Get a broadcast with its stats",
    tag: "Broadcasts",
    response: broadcastResponseSchema,
  }),
  op("PUT", "/broadcasts/{id}", {
    id: "updateBroadcast",
    summary: "Change a draft",
    tag: "Broadcasts",
    body: updateBroadcastBodySchema,
    response: broadcastResponseSchema,
    errors: ["conflict"],
  }),
  op("PATCH", "/broadcasts/{id}", {
    id: "updateBroadcastPatch",
    summary: "Change a draft (as PUT)",
    tag: "Broadcasts",
    body: updateBroadcastBodySchema,
    response: broadcastResponseSchema,
    errors: ["conflict"],
  }),
  op("DELETE", "/broadcasts/{id}", {
    id: "deleteBroadcast",
    summary: "Delete a draft or scheduled broadcast",
    tag: "Broadcasts",
    response: deletedSchema("bc"),
    errors: ["conflict"],
  }),
  op("POST", "/broadcasts/{id}/send", {
    id: "sendBroadcast",
    summary: "Send now, or at scheduledAt",
    tag: "Broadcasts",
    status: 202,
    body: sendBroadcastBodySchema,
    response: broadcastResponseSchema,
    description:
      "Credits for every subscribed, unsuppressed member are checked first (403 `insufficient_credits` names how many are needed). The body is optional.",
    errors: ["conflict", "insufficient_credits", "domain_not_verified"],
  }),
  op("POST", "/broadcasts/{id}/cancel", {
    id: "cancelBroadcast",
    summary: "Cancel a scheduled broadcast",
    tag: "Broadcasts",
    response: broadcastResponseSchema,
    errors: ["conflict"],
  }),
  op("POST", "/broadcasts/{id}/test", {
    id: "testBroadcast",
    summary: "Send one test email (to you by default)",
    tag: "Broadcasts",
    status: 201,
    body: testBroadcastBodySchema,
    response: testBroadcastResponseSchema,
    errors: ["insufficient_credits", "domain_not_verified"],
  }),

  // Events
  op("POST", "/events", {
    id: "recordEvent",
    summary: "Record a contact's event and start the automations it triggers",
    tag: "Events",
    scope: "send:email",
    status: 202,
    body: recordEventBodySchema,
    response: recordEventResponseSchema,
    example: { email: "ann@example.org", name: "signed_up", properties: { plan: "pro" } },
  }),
  // The `resend` SDK's automation and event calls (an SDK client's base URL: /api/v1/resend)
  op("POST", "/events/send", {
    id: "sendEvent",
    summary: "Record a contact's event by id or address (the resend SDK's events.send)",
    tag: "Events",
    scope: "send:email",
    status: 202,
    body: sendEventBodySchema,
    response: sendEventResponseSchema,
  }),
  op("POST", "/resend/automations", {
    id: "createJourney",
    summary: "Create an automation from a graph of steps and connections (the resend SDK's automations.create)",
    tag: "Automations",
    status: 201,
    body: createJourneyBodySchema,
    response: journeyRefSchema,
    errors: ["limit_reached"],
  }),
  op("GET", "/resend/automations", {
    id: "listJourneys",
    summary: "List automations (automations.list)",
    tag: "Automations",
    query: listJourneysQuerySchema,
    response: listJourneysResponseSchema,
  }),
  op("GET", "/resend/automations/{id}", {
    id: "getJourney",
    summary: "An automation's graph and settings (automations.get)",
    tag: "Automations",
    response: journeySchema,
  }),
  op("PATCH", "/resend/automations/{id}", {
    id: "updateJourney",
    summary: "Change name, status, settings; steps and connections only while paused (automations.update)",
    tag: "Automations",
    body: updateJourneyBodySchema,
    response: journeyRefSchema,
    errors: ["conflict"],
  }),
  op("DELETE", "/resend/automations/{id}", {
    id: "removeJourney",
    summary: "Delete an automation (automations.remove)",
    tag: "Automations",
    response: removedJourneySchema,
  }),
  op("POST", "/resend/automations/{id}/duplicate", {
    id: "duplicateJourney",
    summary: "A paused copy of an automation (automations.duplicate)",
    tag: "Automations",
    status: 201,
    response: journeyRefSchema,
    errors: ["limit_reached"],
  }),
  op("POST", "/resend/automations/{id}/stop", {
    id: "stopJourney",
    summary: "Stop new runs (automations.stop)",
    tag: "Automations",
    response: stoppedJourneySchema,
  }),
  op("GET", "/resend/automations/{id}/runs", {
    id: "listJourneyRuns",
    summary: "An automation's runs, newest first (automations.runs.list)",
    tag: "Automations",
    query: listRunsQuerySchema,
    response: listRunsResponseSchema,
  }),
  op("GET", "/resend/automations/{id}/runs/{runId}", {
    id: "getJourneyRun",
    summary: "A run with its steps (automations.runs.get)",
    tag: "Automations",
    response: runSchema,
  }),
  op("GET", "/events/names", {
    id: "listEventNames",
    summary: "Event names seen on the account, with counts",
    tag: "Events",
    response: eventNamesResponseSchema,
  }),
  op("GET", "/contacts/{id}/events", {
    id: "listContactEvents",
    summary: "A contact's events, newest first",
    tag: "Events",
    query: listContactEventsQuerySchema,
    response: listContactEventsResponseSchema,
  }),
  op("GET", "/contacts/{id}/activity", {
    id: "getContactActivity",
    summary: "A contact's latest emails with their events, and its automation enrollments",
    tag: "Contacts",
    query: contactActivityQuerySchema,
    response: contactActivityResponseSchema,
  }),

  // Emails
  op("POST", "/emails", {
    id: "sendEmail",
    example: {
      from: "Acme <hello@example.com>",
      to: ["ann@example.org"],
      subject: "Welcome, Ann",
      html: "<p>Thanks for signing up.</p>",
      tags: [{ name: "category", value: "welcome" }],
    },
    summary: "Send or schedule an email",
    tag: "Emails",
    scope: "send:email",
    status: 201,
    description:
      "Either `template_id` (+ `variables`) or `subject` with `html` and/or `text`. `variables` may be flat or nested: a dotted name such as {{user.first_name}} reads the key `user.first_name` first, then `user` → `first_name` (bounds in the field's description); the template preview renders with the same rules. `from` must be on a verified domain, or be the sandbox sender (`SANDBOX_FROM`, default `onboarding@sandbox.mailwright.test`), which reaches only the account's own address and `*.simulator.test` (anyone with the dev-inbox transport): 403 `sandbox_recipient` otherwise. One credit per recipient.",
    body: sendEmailBodySchema,
    response: sendEmailResponseSchema,
    idempotent: true,
    errors: ["insufficient_credits", "domain_not_verified", "sandbox_recipient", "not_found", "conflict", "template_too_complex"],
  }),
  op("POST", "/emails/batch", {
    id: "sendEmailBatch",
    example: [
      { from: "hello@example.com", to: "ann@example.org", subject: "Your receipt", text: "Thanks for your order." },
      { from: "hello@example.com", to: "bob@example.org", template_id: "tpl_4kXv7Qp2Lm9RzT1cWn8bYd", variables: { name: "Bob" } },
    ],
    summary: "Send up to 100 emails, all or nothing",
    tag: "Emails",
    scope: "send:email",
    status: 201,
    body: batchSendBodySchema,
    bodyShown: z.array(sendEmailBodySchema).min(1).max(MAX_BATCH),
    response: batchSendResponseSchema,
    idempotent: true,
    errors: ["insufficient_credits", "domain_not_verified", "sandbox_recipient", "not_found", "conflict", "template_too_complex"],
  }),
  op("GET", "/emails", {
    id: "listEmails",
    summary: "List emails",
    tag: "Emails",
    query: listEmailsQuerySchema,
    response: listEmailsResponseSchema,
  }),
  op("GET", "/emails/scheduled", {
    id: "listScheduledEmails",
    summary: "List scheduled emails, soonest first",
    tag: "Emails",
    query: listEmailsQuerySchema,
    response: listEmailsResponseSchema,
  }),
  op("GET", "/emails/{id}", {
    id: "getEmail",
    summary: "Get an email with recipients and events",
    tag: "Emails",
    response: emailResponseSchema,
  }),
  op("DELETE", "/emails/{id}", {
    id: "cancelEmail",
    summary: "Cancel a scheduled email (credits refunded)",
    tag: "Emails",
    response: cancelEmailResponseSchema,
    errors: ["conflict"],
  }),
  // Resend SDK aliases (docs/api.md, "Coming from Resend").
  op("POST", "/emails/{id}/cancel", {
    id: "cancelEmailPost",
    summary: "Cancel a scheduled email (as DELETE /emails/{id})",
    tag: "Emails",
    status: 200,
    response: cancelEmailResponseSchema,
    errors: ["conflict"],
  }),
  op("PATCH", "/emails/{id}", {
    id: "rescheduleEmail",
    summary: "Reschedule a scheduled email",
    tag: "Emails",
    body: rescheduleEmailBodySchema,
    response: rescheduleEmailResponseSchema,
    description:
      '`scheduled_at`: ISO 8601 with an offset, or an English phrase ("in 1 hour", "tomorrow at 9am"), read in UTC unless it names a zone. 409 unless the email is scheduled.',
    example: { scheduled_at: "in 1 hour" },
    errors: ["conflict"],
  }),
  op("PUT", "/emails/{id}", {
    id: "rescheduleEmailPut",
    summary: "Reschedule a scheduled email (as PATCH)",
    tag: "Emails",
    body: rescheduleEmailBodySchema,
    response: rescheduleEmailResponseSchema,
    errors: ["conflict"],
  }),

  // Domains
  op("POST", "/domains", {
    id: "createDomain",
    example: { domain: "example.com" },
    summary: "Add a sending domain",
    tag: "Domains",
    status: 201,
    body: createDomainBodySchema,
    response: domainResponseSchema,
    errors: ["conflict", "limit_reached"],
  }),
  op("GET", "/domains", {
    id: "listDomains",
    summary: "List domains",
    tag: "Domains",
    query: paginationQuerySchema,
    response: listDomainsResponseSchema,
  }),
  op("GET", "/domains/{id}", {
    id: "getDomain",
    summary: "Get a domain with its records and last check",
    tag: "Domains",
    response: domainResponseSchema,
  }),
  op("DELETE", "/domains/{id}", {
    id: "deleteDomain",
    summary: "Remove a domain and its DKIM key",
    tag: "Domains",
    response: deletedSchema("dom"),
  }),
  op("POST", "/domains/{id}/verify", {
    id: "verifyDomain",
    summary: "Check the domain's DNS now",
    tag: "Domains",
    response: verifyDomainResponseSchema,
    description: "200 either way: `status` and the `dns` booleans say whether it passed, the diagnosis says why not.",
  }),

  // Templates
  op("POST", "/templates", {
    id: "createTemplate",
    example: { name: "Welcome", subject: "Welcome, {{name}}", htmlBody: "<p>Hi {{name}}, thanks for joining {{company}}.</p>" },
    summary: "Create a template",
    tag: "Templates",
    status: 201,
    body: createTemplateBodySchema,
    response: templateResponseSchema,
    errors: ["template_too_complex"],
  }),
  op("GET", "/templates", {
    id: "listTemplates",
    summary: "List templates",
    tag: "Templates",
    query: listTemplatesQuerySchema,
    response: listTemplatesResponseSchema,
  }),
  op("GET", "/templates/{id}", { id: "getTemplate", summary: "Get a template", tag: "Templates", response: templateResponseSchema }),
  op("PUT", "/templates/{id}", {
    id: "updateTemplate",
    summary: "Change a template's fields",
    tag: "Templates",
    body: updateTemplateBodySchema,
    response: templateResponseSchema,
    errors: ["template_too_complex"],
  }),
  op("DELETE", "/templates/{id}", {
    id: "deleteTemplate",
    summary: "Delete a template (409 while a step or an unsent email uses it)",
    tag: "Templates",
    response: deletedSchema("tpl"),
    errors: ["conflict"],
  }),
  op("POST", "/templates/{id}/preview", {
    id: "previewTemplate",
    summary: "Render a template with variables",
    tag: "Templates",
    body: previewTemplateBodySchema,
    response: previewTemplateResponseSchema,
    errors: ["template_too_complex"],
  }),

  // Contacts
  op("POST", "/contacts", {
    id: "createContact",
    example: { email: "ann@example.org", name: "Ann", properties: { plan: "pro", seats: 3 } },
    summary: "Create a contact",
    tag: "Contacts",
    status: 201,
    body: createContactBodySchema,
    response: contactResponseSchema,
    errors: ["conflict"],
  }),
  op("GET", "/contacts", {
    id: "listContacts",
    summary: "List contacts",
    tag: "Contacts",
    query: listContactsQuerySchema,
    response: listContactsResponseSchema,
  }),
  op("GET", "/contacts/properties", {
    id: "listContactPropertyKeys",
    summary: "The contact property keys in use",
    description: "Keys of the properties of the account's newest 5000 contacts, the most used first, at most 100.",
    tag: "Contacts",
    response: contactPropertyKeysResponseSchema,
  }),
  op("GET", "/contacts/{id}", { id: "getContact", summary: "Get a contact", tag: "Contacts", response: contactResponseSchema }),
  op("PATCH", "/contacts/{id}", {
    id: "updateContact",
    summary: "Change a contact; properties merge, null removes one",
    tag: "Contacts",
    body: updateContactBodySchema,
    response: contactResponseSchema,
    errors: ["conflict"],
  }),
  op("PUT", "/contacts/{id}", {
    id: "updateContactPut",
    summary: "Change a contact (as PATCH)",
    tag: "Contacts",
    body: updateContactBodySchema,
    response: contactResponseSchema,
    errors: ["conflict"],
  }),
  op("DELETE", "/contacts/{id}", { id: "deleteContact", summary: "Delete a contact", tag: "Contacts", response: deletedSchema("con") }),
  op("POST", "/contacts/import", {
    id: "importContacts",
    summary: "Start a CSV import",
    tag: "Contacts",
    status: 201,
    body: importContactsBodySchema,
    response: contactImportResponseSchema,
    errors: ["not_found"],
  }),
  op("GET", "/contacts/import/{id}", {
    id: "getContactImport",
    summary: "Get an import's progress and row errors",
    tag: "Contacts",
    response: contactImportResponseSchema,
  }),

  // Lists
  op("POST", "/lists", {
    id: "createList",
    example: { name: "Newsletter" },
    summary: "Create a list",
    tag: "Lists",
    status: 201,
    body: createListBodySchema,
    response: listResponseSchema,
    errors: ["conflict"],
  }),
  op("GET", "/lists", {
    id: "listLists",
    summary: "List lists",
    tag: "Lists",
    query: listListsQuerySchema,
    response: listListsResponseSchema,
  }),
  op("GET", "/lists/{id}", { id: "getList", summary: "Get a list", tag: "Lists", response: listResponseSchema }),
  op("DELETE", "/lists/{id}", {
    id: "deleteList",
    summary: "Delete a list (its contacts stay)",
    tag: "Lists",
    response: deleteListResponseSchema,
  }),
  op("POST", "/lists/{id}/contacts", {
    id: "addListContact",
    summary: "Add a contact to a list (created when new)",
    tag: "Lists",
    status: 201,
    alsoStatus: 200,
    description: "201 when added, 200 when the contact already was a member.",
    body: addListContactBodySchema,
    response: addListContactResponseSchema,
  }),
  op("DELETE", "/lists/{id}/contacts/{contactId}", {
    id: "removeListContact",
    summary: "Remove a contact from a list",
    tag: "Lists",
    response: removeListContactResponseSchema,
  }),

  // Automations
  op("POST", "/automations", {
    id: "createAutomation",
    example: {
      name: "Welcome series",
      triggerType: "list_join",
      triggerConfig: { listName: "Newsletter" },
      steps: [
        { delayMinutes: 0, subject: "Welcome, {{name}}", bodyHtml: "<p>Glad you are here.</p>" },
        { delayMinutes: 4320, subject: "Getting started", bodyHtml: "<p>Three tips.</p>" },
      ],
    },
    summary: "Create an automation (paused)",
    tag: "Automations",
    status: 201,
    body: createAutomationBodySchema,
    response: automationResponseSchema,
    errors: ["template_too_complex", "limit_reached"],
  }),
  op("GET", "/automations", {
    id: "listAutomations",
    summary: "List automations",
    tag: "Automations",
    query: listAutomationsQuerySchema,
    response: listAutomationsResponseSchema,
  }),
  op("GET", "/automations/{id}", {
    id: "getAutomation",
    summary: "Get an automation with steps and stats",
    tag: "Automations",
    response: automationResponseSchema,
  }),
  op("PATCH", "/automations/{id}", {
    id: "updateAutomation",
    summary: "Change an automation (the trigger only while paused)",
    tag: "Automations",
    body: updateAutomationBodySchema,
    response: automationResponseSchema,
    errors: ["conflict"],
  }),
  op("PUT", "/automations/{id}", {
    id: "updateAutomationPut",
    summary: "Change an automation (as PATCH)",
    tag: "Automations",
    body: updateAutomationBodySchema,
    response: automationResponseSchema,
    errors: ["conflict"],
  }),
  op("DELETE", "/automations/{id}", {
    id: "deleteAutomation",
    summary: "Delete an automation",
    tag: "Automations",
    response: deletedSchema("aut"),
  }),
  op("POST", "/automations/{id}/activate", {
    id: "activateAutomation",
    summary: "Start enrolling contacts",
    description:
      "The body is optional. `{\"enrollExisting\": true}` also enrolls the contacts who already match: a list_join trigger's subscribed list members, a property_equals trigger's contacts with that value (property_changed and event: nobody). Once per contact; past ENROLL_EXISTING_INLINE_MAX matches a background job enrolls them.",
    tag: "Automations",
    body: activateAutomationBodySchema,
    response: activateAutomationResponseSchema,
    errors: ["validation_error"],
  }),
  op("GET", "/automations/{id}/checks", {
    id: "checkAutomation",
    summary: "What blocks activation, and warnings that do not",
    description:
      "Blockers (no_steps, template_missing, step_incomplete, no_sender, sender_not_verified, sandbox_sender: the sandbox sender once mail leaves this machine) are what POST /activate refuses with, in its error's `blockers`. Warnings never block: no_unsubscribe_link (an email without a link to {{unsubscribe_url}}), list_missing (a list_join trigger's list does not exist yet), same_trigger (another active automation of the account has the same trigger). Each may carry a `fix` the dashboard offers as a button.",
    tag: "Automations",
    response: automationChecksResponseSchema,
  }),
  op("GET", "/automations/{id}/matching-contacts", {
    id: "countAutomationMatchingContacts",
    summary: "How many contacts activating with enrollExisting would enroll now",
    tag: "Automations",
    response: matchingContactsResponseSchema,
  }),
  op("POST", "/automations/{id}/pause", {
    id: "pauseAutomation",
    summary: "Stop new enrollments",
    tag: "Automations",
    response: automationResponseSchema,
  }),
  op("POST", "/automations/{id}/steps", {
    id: "addAutomationStep",
    summary: "Append or insert a step (paused only)",
    tag: "Automations",
    status: 201,
    body: addStepBodySchema,
    response: stepResponseSchema,
    errors: ["conflict", "template_too_complex"],
  }),
  op("PUT", "/automations/{id}/steps", {
    id: "replaceAutomationSteps",
    example: {
      steps: [
        { id: "stp_4kXv7Qp2Lm9RzT1cWn8bYd", delayMinutes: 0 },
        { delayMinutes: 1440, subject: "Day 2", bodyHtml: "<p>Tips</p>" },
      ],
    },
    summary: "Set the whole ordered step list (paused only)",
    description:
      "Items with `id` keep that step (its id and history; fields not given stay), items without are new steps. Steps not listed are deleted. One transaction; 409 while active; 400 for an id that is not a step of this automation.",
    tag: "Automations",
    body: replaceStepsBodySchema,
    response: automationResponseSchema,
    errors: ["conflict", "template_too_complex"],
  }),
  op("PATCH", "/automations/{id}/steps/{stepId}", {
    id: "updateAutomationStep",
    summary: "Change a step (paused only)",
    tag: "Automations",
    body: updateStepBodySchema,
    response: stepResponseSchema,
    errors: ["conflict", "template_too_complex"],
  }),
  op("PUT", "/automations/{id}/steps/{stepId}", {
    id: "updateAutomationStepPut",
    summary: "Change a step (as PATCH; paused only)",
    tag: "Automations",
    body: updateStepBodySchema,
    response: stepResponseSchema,
    errors: ["conflict", "template_too_complex"],
  }),
  op("DELETE", "/automations/{id}/steps/{stepId}", {
    id: "deleteAutomationStep",
    summary: "Remove a step (paused only)",
    tag: "Automations",
    response: deletedSchema("stp"),
    errors: ["conflict"],
  }),
  op("GET", "/automations/{id}/enrollments", {
    id: "listEnrollments",
    summary: "List an automation's enrollments",
    tag: "Automations",
    query: listEnrollmentsQuerySchema,
    response: listEnrollmentsResponseSchema,
  }),
  op("POST", "/automations/{id}/enrollments/{enrollmentId}/retry", {
    id: "retryEnrollment",
    summary: "Run a failed enrollment's step again",
    tag: "Automations",
    response: enrollmentResponseSchema,
    errors: ["conflict"],
  }),
  op("GET", "/automations/{id}/funnel", {
    id: "getAutomationFunnel",
    summary: "Per-step funnel counts",
    tag: "Automations",
    response: stepFunnelResponseSchema,
  }),
  op("POST", "/automations/{id}/test-runs", {
    id: "startTestRun",
    summary: "Run the steps for a test contact into the dev inbox",
    tag: "Automations",
    status: 201,
    body: startTestRunBodySchema,
    response: testRunResponseSchema,
    errors: ["conflict", "domain_not_verified"],
  }),
  op("GET", "/automations/{id}/test-runs", {
    id: "listTestRuns",
    summary: "List an automation's test runs",
    tag: "Automations",
    query: listTestRunsQuerySchema,
    response: listTestRunsResponseSchema,
  }),
  op("GET", "/automations/{id}/test-runs/{runId}", {
    id: "getTestRun",
    summary: "Get a test run's progress",
    tag: "Automations",
    response: testRunResponseSchema,
  }),
  op("GET", "/automation-scenarios", {
    id: "listAutomationScenarios",
    summary: "List the pre-built scenarios",
    tag: "Automations",
    query: listScenariosQuerySchema,
    response: listScenariosResponseSchema,
  }),
  op("GET", "/automation-scenarios/{id}", {
    id: "getAutomationScenario",
    summary: "Get a scenario (a body POST /automations accepts)",
    tag: "Automations",
    response: scenarioResponseSchema,
  }),

  // Webhooks
  op("POST", "/webhooks", {
    id: "createWebhook",
    example: { url: "https://example.com/hooks/mailwright", events: ["email.delivered", "email.bounced"] },
    summary: "Create a webhook",
    tag: "Webhooks",
    status: 201,
    body: createWebhookBodySchema,
    response: createdWebhookResponseSchema,
    errors: ["webhook_limit_reached"],
  }),
  op("GET", "/webhooks", {
    id: "listWebhooks",
    summary: "List webhooks (no secrets)",
    tag: "Webhooks",
    query: listWebhooksQuerySchema,
    response: listWebhooksResponseSchema,
  }),
  op("GET", "/webhooks/{id}", {
    id: "getWebhook",
    summary: "Get a webhook with its signing secret",
    tag: "Webhooks",
    response: webhookWithSecretResponseSchema,
  }),
  op("PUT", "/webhooks/{id}", {
    id: "updateWebhook",
    summary: "Change url and/or events",
    tag: "Webhooks",
    body: updateWebhookBodySchema,
    response: webhookResponseSchema,
  }),
  op("PATCH", "/webhooks/{id}", {
    id: "updateWebhookPatch",
    summary: "Change url and/or events (as PUT)",
    tag: "Webhooks",
    body: updateWebhookBodySchema,
    response: webhookResponseSchema,
  }),
  op("DELETE", "/webhooks/{id}", { id: "deleteWebhook", summary: "Delete a webhook", tag: "Webhooks", response: deletedSchema("wh") }),
  op("GET", "/webhooks/{id}/deliveries", {
    id: "listWebhookDeliveries",
    summary: "The delivery log, one row per attempt",
    tag: "Webhooks",
    query: listWebhookDeliveriesQuerySchema,
    response: listWebhookDeliveriesResponseSchema,
  }),
  op("POST", "/webhooks/{id}/deliveries/{deliveryId}/redeliver", {
    id: "redeliverWebhookDelivery",
    summary: "Send a delivery's event again, as a new delivery",
    description:
      "The event's payload goes to this webhook again (body unchanged, its `id` the event's id) as a new message with the usual retries; the signature's webhook-id header is the event's id too, so a receiver that de-duplicates sees one message. 409 when the webhook has failed.",
    tag: "Webhooks",
    status: 202,
    response: redeliverWebhookResponseSchema,
    errors: ["conflict"],
  }),
  op("POST", "/webhooks/{id}/test", {
    id: "testWebhook",
    summary: "Deliver a sample event of any type (email.delivered if omitted)",
    tag: "Webhooks",
    body: testWebhookBodySchema,
    example: { type: "email.bounced" },
    response: testWebhookResponseSchema,
  }),

  // API keys
  op("POST", "/api-keys", {
    id: "createApiKey",
    example: { name: "CI server", scopes: ["send:email"] },
    summary: "Create an API key (the key is shown only here)",
    tag: "API keys",
    status: 201,
    body: createApiKeyBodySchema,
    response: createdApiKeyResponseSchema,
    errors: ["limit_reached"],
  }),
  op("GET", "/api-keys", {
    id: "listApiKeys",
    summary: "List API keys (prefix only)",
    tag: "API keys",
    query: paginationQuerySchema,
    response: listApiKeysResponseSchema,
  }),
  op("DELETE", "/api-keys", {
    id: "revokeApiKey",
    summary: "Revoke an API key (?id=)",
    tag: "API keys",
    query: revokeApiKeyQuerySchema,
    response: apiKeyResponseSchema,
    errors: ["not_found"],
  }),
  op("DELETE", "/api-keys/{id}", {
    id: "revokeApiKeyById",
    summary: "Revoke an API key (as ?id=)",
    tag: "API keys",
    response: apiKeyResponseSchema,
  }),

  // Account
  op("GET", "/account", { id: "getAccount", summary: "Account settings", tag: "Account", response: accountResponseSchema }),
  op("PUT", "/account", {
    id: "updateAccount",
    summary: "Change account settings",
    tag: "Account",
    body: updateAccountBodySchema,
    response: accountResponseSchema,
    errors: ["domain_not_verified"],
  }),
  op("POST", "/account/password", {
    id: "changePassword",
    summary: "Change the password (dashboard session only)",
    tag: "Account",
    body: changePasswordBodySchema,
    response: changePasswordResponseSchema,
  }),
  op("POST", "/account/confirmation", {
    id: "resendConfirmation",
    summary: "Email the sign-up confirmation link again",
    tag: "Account",
    response: resendConfirmationResponseSchema,
    errors: ["conflict"],
  }),
  op("GET", "/account/credits", {
    id: "getCreditBalance",
    summary: "The credit balance",
    tag: "Account",
    response: creditBalanceResponseSchema,
  }),
  op("GET", "/account/credits/transactions", {
    id: "listCreditTransactions",
    summary: "The credit ledger",
    tag: "Account",
    query: listCreditTransactionsQuerySchema,
    response: listCreditTransactionsResponseSchema,
  }),
  op("GET", "/suppressions", {
    id: "listSuppressions",
    summary: "Addresses no longer sent to",
    tag: "Account",
    query: listSuppressionsQuerySchema,
    response: listSuppressionsResponseSchema,
  }),
  op("DELETE", "/suppressions", {
    id: "deleteSuppression",
    summary: "Lift a suppression (?email=)",
    tag: "Account",
    query: deleteSuppressionQuerySchema,
    response: deleteSuppressionResponseSchema,
    errors: ["not_found"],
  }),
  op("DELETE", "/suppressions/{id}", {
    id: "deleteSuppressionById",
    summary: "Lift a suppression by its id",
    tag: "Account",
    response: deleteSuppressionResponseSchema,
    errors: ["not_found"],
  }),
  op("GET", "/smtp", { id: "getSmtpSettings", summary: "SMTP relay settings", tag: "Account", response: smtpSettingsResponseSchema }),
  op("GET", "/inbox", {
    id: "listInboxMessages",
    summary: "The dev inbox, newest first",
    tag: "Account",
    query: listInboxQuerySchema,
    response: listInboxMessagesResponseSchema,
  }),
  op("GET", "/inbox/{id}", {
    id: "getInboxMessage",
    summary: "One captured message with its source",
    tag: "Account",
    response: inboxMessageResponseSchema,
  }),
  op("POST", "/inbox/{id}/open", {
    id: "openInboxMessage",
    summary: "Open a captured message as its recipient",
    description:
      "Viewing a message in the dev inbox is not an open. This loads the copy's own open pixel through the tracker, as the recipient's mail client would: one email.opened for that recipient (a repeat within a minute counts once). Nothing is counted when the copy has no pixel; `outcome` says why.",
    tag: "Account",
    status: 200,
    response: openInboxMessageResponseSchema,
  }),

  // Analytics
  op("GET", "/analytics/overview", {
    id: "getAnalyticsOverview",
    summary: "Counts and rates",
    tag: "Analytics",
    query: analyticsQuerySchema,
    response: analyticsOverviewResponseSchema,
  }),
  op("GET", "/analytics/timeseries", {
    id: "getAnalyticsTimeseries",
    summary: "Zero-filled buckets per day or hour",
    tag: "Analytics",
    query: timeseriesQuerySchema,
    response: analyticsTimeseriesResponseSchema,
  }),
  op("GET", "/analytics/top-links", {
    id: "getTopLinks",
    summary: "Most clicked URLs",
    tag: "Analytics",
    query: topLinksQuerySchema,
    response: analyticsTopLinksResponseSchema,
  }),

  // Meta
  op("GET", "/openapi.json", {
    id: "getOpenApiDocument",
    summary: "This OpenAPI 3.1 document",
    tag: "Meta",
    public: true,
    response: openApiDocumentResponseSchema,
  }),
];
