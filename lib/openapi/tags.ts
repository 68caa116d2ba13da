// The OpenAPI document's tags, in the order the API reference shows them. Every operation
// (lib/api/define-operation.ts) names one.

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
  { name: "Audience", description: "Topics and the contacts' choices of them, typed contact properties, segments." },
  { name: "Logs", description: "The account's API requests made with a key, kept 14 days, bodies redacted." },
  { name: "Members", description: "The account's members, their roles, and invitations by email." },
  { name: "Audit log", description: "Who changed what: an append-only record chained by hash, kept 365 days." },
  { name: "Meta", description: "This document." },
] as const;

export type Tag = (typeof TAGS)[number]["name"];
