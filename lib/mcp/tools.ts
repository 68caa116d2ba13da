import { z } from "zod";
import type { Operation } from "@/lib/api/define-operation";
import type { ApiKeyScopeName } from "@/lib/api-keys/schemas";
import { getOverview } from "@/lib/analytics/get-overview";
import { getAnalyticsOverviewOp } from "@/lib/analytics/operations";
import { listAutomations } from "@/lib/automations/list-automations";
import { listAutomationsOp, startTestRunOp } from "@/lib/automations/operations";
import { startTestRun } from "@/lib/automations/test-runs/start-test-run";
import { listContacts } from "@/lib/contacts/list-contacts";
import { createContactOp, listContactsOp } from "@/lib/contacts/operations";
import { upsertContact } from "@/lib/contacts/upsert-contact";
import { getEmail } from "@/lib/emails/get-email";
import { listEmails } from "@/lib/emails/list-emails";
import { getEmailOp, listEmailsOp, sendEmailOp } from "@/lib/emails/operations";
import { sendEmails } from "@/lib/emails/send-emails";
import { createTemplate } from "@/lib/templates/create-template";
import { getTemplateOrThrow } from "@/lib/templates/get-template-or-throw";
import { listTemplates } from "@/lib/templates/list-templates";
import { createTemplateOp, getTemplateOp, listTemplatesOp } from "@/lib/templates/operations";
import { serializeTemplate } from "@/lib/templates/serialize-template";

// The MCP server's tools. Each is built from the operation of its /api/v1 route (lib/<area>/
// operations.ts): it takes that operation's body or query schema (with the route's path
// parameter added beside it), needs the operation's scope, is read-only when the operation is a
// GET, and calls the same lib function the route calls, so a tool and its route cannot drift.

export interface McpTool<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  /** The operation's scope: full_access unless the route allows a narrower one. */
  scope: ApiKeyScopeName;
  input: S;
  /** Query schemas read strings (as a URL carries them): numbers and booleans sent to such a tool are read as text. */
  fromQuery?: boolean;
  readOnly: boolean;
  run(ctx: { accountId: string }, input: z.output<S>): Promise<unknown>;
}

type Schema = z.ZodType | undefined;
/** What the handler of an operation reads: its body's output, else its query's, else nothing. */
type OperationInput<TBody extends Schema, TQuery extends Schema> = TBody extends z.ZodType
  ? z.output<TBody>
  : TQuery extends z.ZodType
    ? z.output<TQuery>
    : Record<string, never>;

interface ToolDefinition<TInput> {
  name: string;
  title: string;
  description: string;
  run(ctx: { accountId: string }, input: TInput): Promise<unknown>;
}

/** A path parameter of the route, taken as one more argument: its name and what it identifies. */
interface PathParam<P extends string> {
  name: P;
  of: string;
}

function operationTool<TBody extends Schema, TQuery extends Schema, P extends string = never>(
  operation: Operation<TBody, TQuery>,
  definition: ToolDefinition<OperationInput<TBody, TQuery> & Record<P, string>>,
  pathParam?: PathParam<P>,
): McpTool {
  const base: z.ZodType = operation.body ?? operation.query ?? z.object({});
  let input = base;
  if (pathParam) {
    // Only an object body can take the parameter beside its fields.
    if (!(base instanceof z.ZodObject)) throw new Error(`${operation.id}: a path parameter needs an object body or none`);
    input = base.safeExtend({
      [pathParam.name]: z
        .string()
        .min(1)
        .max(100)
        .meta({ description: `The ${pathParam.of}'s id` }),
    });
  }
  return {
    name: definition.name,
    title: definition.title,
    description: definition.description,
    scope: operation.scope ?? "full_access",
    input,
    fromQuery: !operation.body && Boolean(operation.query),
    readOnly: operation.method === "GET",
    run: definition.run as McpTool["run"],
  };
}

export const MCP_TOOLS: readonly McpTool[] = [
  operationTool(sendEmailOp, {
    name: "send_email",
    title: "Send an email",
    description:
      "Send (or schedule with scheduled_at) one email: from a verified domain's address, to up to 50 recipients, with html/text or a template_id and variables. Costs one credit per recipient. POST /api/v1/emails.",
    run: async ({ accountId }, input) => (await sendEmails({ accountId, emails: [input], batch: false, idempotencyKey: null })).body,
  }),
  operationTool(
    getEmailOp,
    {
      name: "get_email",
      title: "Get an email",
      description: "One email with its recipients' statuses and its event timeline. GET /api/v1/emails/:id.",
      run: ({ accountId }, input) => getEmail({ accountId, id: input.id }),
    },
    { name: "id", of: "email" },
  ),
  operationTool(listEmailsOp, {
    name: "list_emails",
    title: "List emails",
    description: "Emails newest first; filter by status, tag (name:value), from, to or q (subject or recipient). GET /api/v1/emails.",
    run: ({ accountId }, query) => listEmails({ accountId, query }),
  }),
  operationTool(listTemplatesOp, {
    name: "list_templates",
    title: "List templates",
    description: "Templates newest first; search by name. GET /api/v1/templates.",
    run: ({ accountId }, query) => listTemplates({ accountId, query }),
  }),
  operationTool(createTemplateOp, {
    name: "create_template",
    title: "Create a template",
    description: "A reusable subject and HTML body with {{mustache}} variables (derived when omitted). POST /api/v1/templates.",
    run: ({ accountId }, input) => createTemplate({ accountId, input }),
  }),
  operationTool(
    getTemplateOp,
    {
      name: "get_template",
      title: "Get a template",
      description: "One template with its subject, HTML body, variables and sample data. GET /api/v1/templates/:id.",
      run: async ({ accountId }, input) => serializeTemplate(await getTemplateOrThrow({ accountId, id: input.id })),
    },
    { name: "id", of: "template" },
  ),
  operationTool(createContactOp, {
    name: "upsert_contact",
    title: "Create or update a contact",
    description:
      "Create the contact, or update the one with this email (properties merge). Runs the automations the change triggers. POST /api/v1/contacts, then PATCH /api/v1/contacts/:email when it exists.",
    run: ({ accountId }, input) => upsertContact({ accountId, input }),
  }),
  operationTool(listContactsOp, {
    name: "list_contacts",
    title: "List contacts",
    description: "Contacts newest first; filter by part of the email or by list (name or id). GET /api/v1/contacts.",
    run: ({ accountId }, query) => listContacts({ accountId, query }),
  }),
  operationTool(listAutomationsOp, {
    name: "list_automations",
    title: "List automations",
    description: "Automations newest first with their trigger and status; filter by status (paused, active). GET /api/v1/automations.",
    run: ({ accountId }, query) => listAutomations({ accountId, query }),
  }),
  operationTool(
    startTestRunOp,
    {
      name: "start_automation_test_run",
      title: "Start an automation test run",
      description:
        "Run an automation's steps for a chosen contact (contactId) or a made-up one (email, name, properties), delays in seconds, into the dev inbox. POST /api/v1/automations/:id/test-runs.",
      run: ({ accountId }, { automation_id, ...input }) => startTestRun({ accountId, automationId: automation_id, input }),
    },
    { name: "automation_id", of: "automation" },
  ),
  operationTool(getAnalyticsOverviewOp, {
    name: "get_analytics_overview",
    title: "Read the analytics overview",
    description:
      "Sent, delivered, opened, clicked, bounced and complained counts with their rates (from, to, automation_id, domain). GET /api/v1/analytics/overview.",
    run: ({ accountId }, query) => getOverview({ accountId, query }),
  }),
];
