import type { Operation } from "@/lib/api/define-operation";
import * as accounts from "@/lib/accounts/operations";
import * as analytics from "@/lib/analytics/operations";
import * as apiKeys from "@/lib/api-keys/operations";
import * as auditLog from "@/lib/audit-log/operations";
import * as automations from "@/lib/automations/operations";
import * as broadcasts from "@/lib/broadcasts/operations";
import * as contactProperties from "@/lib/contact-properties/operations";
import * as contacts from "@/lib/contacts/operations";
import * as credits from "@/lib/credits/operations";
import * as domains from "@/lib/domains/operations";
import * as emails from "@/lib/emails/operations";
import * as events from "@/lib/events/operations";
import * as images from "@/lib/images/operations";
import * as inbox from "@/lib/inbox/operations";
import * as layouts from "@/lib/layouts/operations";
import * as lists from "@/lib/lists/operations";
import * as members from "@/lib/members/operations";
import * as receiving from "@/lib/receiving/operations";
import * as relay from "@/lib/relay/operations";
import * as segments from "@/lib/segments/operations";
import * as requestLogs from "@/lib/request-logs/operations";
import * as suppressions from "@/lib/suppressions/operations";
import * as templates from "@/lib/templates/operations";
import * as topics from "@/lib/topics/operations";
import * as webhooks from "@/lib/webhooks/operations";
import * as document from "./document-operation";

// Every operation of /api/v1, the list the OpenAPI document is built from: each area's
// operations.ts whole (it exports only operations, so a new one there is listed without an edit
// here). A new area's file is one more import. tests/integration/openapi.test.ts checks that
// every route file's methods are bound to operations of this list at their own path and method,
// and that every operation here is served.

const AREAS = [
  accounts,
  analytics,
  apiKeys,
  auditLog,
  automations,
  broadcasts,
  contactProperties,
  contacts,
  credits,
  domains,
  emails,
  events,
  images,
  inbox,
  layouts,
  lists,
  members,
  receiving,
  relay,
  segments,
  requestLogs,
  suppressions,
  templates,
  topics,
  webhooks,
  document,
];

export const operations: Operation[] = AREAS.flatMap((area) => Object.values(area) as Operation[]);
