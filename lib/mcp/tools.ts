import { z } from "zod";
import type { ApiKeyScopeName } from "@/lib/api-keys/schemas";
import { getOverview } from "@/lib/analytics/get-overview";
import { analyticsQuerySchema } from "@/lib/analytics/schemas";
import { listAutomations } from "@/lib/automations/list-automations";
import { listAutomationsQuerySchema } from "@/lib/automations/schemas";
import { startTestRun } from "@/lib/automations/test-runs/start-test-run";
import { startTestRunBodySchema } from "@/lib/automations/test-runs/test-run-schemas";
import { listContacts } from "@/lib/contacts/list-contacts";
import { createContactBodySchema, listContactsQuerySchema } from "@/lib/contacts/schemas";
import { upsertContact } from "@/lib/contacts/upsert-contact";
import { getEmail } from "@/lib/emails/get-email";
import { listEmails } from "@/lib/emails/list-emails";
import { listEmailsQuerySchema, sendEmailBodySchema } from "@/lib/emails/schemas";
import { sendEmails } from "@/lib/emails/send-emails";
import { createTemplate } from "@/lib/templates/create-template";
import { getTemplateOrThrow } from "@/lib/templates/get-template-or-throw";
import { listTemplates } from "@/lib/templates/list-templates";
import { createTemplateBodySchema, listTemplatesQuerySchema } from "@/lib/templates/schemas";
import { serializeTemplate } from "@/lib/templates/serialize-template";

// The MCP server's tools. Each takes the very zod schema its /api/v1 route validates with (a
// path parameter added beside the body where the route has one), needs the scope the route
// needs, and calls the same lib function the route calls, so a tool and its route cannot drift.

export interface McpTool<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  /** The route's scope: full_access unless the route allows a narrower one. */
  scope: ApiKeyScopeName;
  input: S;
  /** Query schemas read strings (as a URL carries them): numbers and booleans sent to such a tool are read as text. */
  fromQuery?: boolean;
  readOnly: boolean;
  run(ctx: { accountId: string }, input: z.output<S>): Promise<unknown>;
}

const tool = <S extends z.ZodType>(definition: McpTool<S>) => definition as unknown as McpTool;

const idParam = (what: string) =>
  z.object({
    id: z
      .string()
      .min(1)
      .max(100)
      .meta({ description: `The ${what}'s id` }),
  });

export const MCP_TOOLS: readonly McpTool[] = [
  tool({
    name: "send_email",
    title: "Send an email",
    description:
      "Send (or schedule with scheduled_at) one email: from a verified domain's address, to up to 50 recipients, with html/text or a template_id and variables. Costs one credit per recipient. POST /api/v1/emails.",
    scope: "send:email",
    input: sendEmailBodySchema,
    readOnly: false,
    run: async ({ accountId }, input) => (await sendEmails({ accountId, emails: [input], batch: false, idempotencyKey: null })).body,
  }),
  tool({
    name: "get_email",
    title: "Get an email",
    description: "One email with its recipients' statuses and its event timeline. GET /api/v1/emails/:id.",
    scope: "full_access",
    input: idParam("email"),
    readOnly: true,
    run: ({ accountId }, input) => getEmail({ accountId, id: input.id }),
  }),
  tool({
    name: "list_emails",
    title: "List emails",
    description: "Emails newest first; filter by status, tag (name:value), from, to or q (subject or recipient). GET /api/v1/emails.",
    scope: "full_access",
    input: listEmailsQuerySchema,
    fromQuery: true,
    readOnly: true,
    run: ({ accountId }, query) => listEmails({ accountId, query }),
  }),
  tool({
    name: "list_templates",
    title: "List templates",
    description: "Templates newest first; search by name. GET /api/v1/templates.",
    scope: "full_access",
    input: listTemplatesQuerySchema,
    fromQuery: true,
    readOnly: true,
    run: ({ accountId }, query) => listTemplates({ accountId, query }),
  }),
  tool({
    name: "create_template",
    title: "Create a template",
    description: "A reusable subject and HTML body with {{mustache}} variables (derived when omitted). POST /api/v1/templates.",
    scope: "full_access",
    input: createTemplateBodySchema,
    readOnly: false,
    run: ({ accountId }, input) => createTemplate({ accountId, input }),
  }),
  tool({
    name: "get_template",
    title: "Get a template",
    description: "One template with its subject, HTML body, variables and sample data. GET /api/v1/templates/:id.",
    scope: "full_access",
    input: idParam("template"),
    readOnly: true,
    run: async ({ accountId }, input) => serializeTemplate(await getTemplateOrThrow({ accountId, id: input.id })),
  }),
  tool({
    name: "upsert_contact",
    title: "Create or update a contact",
    description:
      "Create the contact, or update the one with this email (properties merge). Runs the automations the change triggers. POST /api/v1/contacts, then PATCH /api/v1/contacts/:email when it exists.",
    scope: "full_access",
    input: createContactBodySchema,
    readOnly: false,
    run: ({ accountId }, input) => upsertContact({ accountId, input }),
  }),
  tool({
    name: "list_contacts",
    title: "List contacts",
    description: "Contacts newest first; filter by part of the email or by list (name or id). GET /api/v1/contacts.",
    scope: "full_access",
    input: listContactsQuerySchema,
    fromQuery: true,
    readOnly: true,
    run: ({ accountId }, query) => listContacts({ accountId, query }),
  }),
  tool({
    name: "list_automations",
    title: "List automations",
    description: "Automations newest first with their trigger and status; filter by status (paused, active). GET /api/v1/automations.",
    scope: "full_access",
    input: listAutomationsQuerySchema,
    fromQuery: true,
    readOnly: true,
    run: ({ accountId }, query) => listAutomations({ accountId, query }),
  }),
  tool({
    name: "start_automation_test_run",
    title: "Start an automation test run",
    description:
      "Run an automation's steps for a chosen contact (contactId) or a made-up one (email, name, properties), delays in seconds, into the dev inbox. POST /api/v1/automations/:id/test-runs.",
    scope: "full_access",
    input: startTestRunBodySchema.safeExtend({
      automation_id: z.string().min(1).max(100).meta({ description: "The automation's id" }),
    }),
    readOnly: false,
    run: ({ accountId }, { automation_id, ...input }) => startTestRun({ accountId, automationId: automation_id, input }),
  }),
  tool({
    name: "get_analytics_overview",
    title: "Read the analytics overview",
    description:
      "Sent, delivered, opened, clicked, bounced and complained counts with their rates (from, to, automation_id, domain). GET /api/v1/analytics/overview.",
    scope: "full_access",
    input: analyticsQuerySchema,
    fromQuery: true,
    readOnly: true,
    run: ({ accountId }, query) => getOverview({ accountId, query }),
  }),
];
