import { getDb } from "@/lib/db/client";
import { getTemplateOrThrow } from "../get-template-or-throw";
import { listTemplateUsesSql } from "./list-template-uses-sql";

// At most this many of each kind: enough to warn before a publish, bounded per request.
const USES_MAX = 50;

/**
 * Where publishing the template changes emails about to go out: its active automations and
 * journeys, and its scheduled or sending broadcasts. The editor shows them before a publish.
 */
export async function listTemplateUses(options: { accountId: string; id: string }) {
  const template = await getTemplateOrThrow({ accountId: options.accountId, id: options.id });
  const rows = await listTemplateUsesSql(getDb(), options.accountId, template.id, USES_MAX);
  return {
    automations: rows.filter((r) => r.kind === "automation").map((r) => ({ id: r.id, name: r.name, status: r.status })),
    broadcasts: rows
      .filter((r) => r.kind === "broadcast")
      .map((r) => ({ id: r.id, name: r.name, status: r.status, scheduledAt: r.scheduledAt?.toISOString() ?? null })),
  };
}
