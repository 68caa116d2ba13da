import { appUrl } from "@/lib/config/env";
import type { ContactProperties } from "@/lib/contacts/schemas";

/**
 * Who a test run sends to: a copy taken when the run starts (Enrollment.testContact), so the
 * run never reads or writes the contact row. `contactId` names the contact it was copied from;
 * `note` says what a real enrollment of that contact would do differently.
 */
export interface TestRunContact {
  contactId: string | null;
  email: string;
  name: string | null;
  properties: ContactProperties;
  note: string | null;
}

export function parseTestRunContact(value: unknown): TestRunContact | null {
  const v = value as Partial<TestRunContact> | null;
  if (!v || typeof v !== "object" || typeof v.email !== "string") return null;
  return {
    contactId: typeof v.contactId === "string" ? v.contactId : null,
    email: v.email,
    name: typeof v.name === "string" ? v.name : null,
    properties: v.properties && typeof v.properties === "object" ? v.properties : {},
    note: typeof v.note === "string" ? v.note : null,
  };
}

/**
 * A test email's {{unsubscribe_url}}: a link of the real shape that unsubscribes nobody (the
 * /u/ page answers that it is not a valid link), so clicking it in the dev inbox is harmless.
 */
export function testRunUnsubscribeUrl(): string {
  return `${appUrl()}/u/test-run`;
}
