import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";

// Where a template's published content reaches people next: active automations whose linear
// steps or journey graph's send_email steps name it, and broadcasts not yet sent that use it.
// The graph is matched by containment (a step whose config.template.id is the template).

export type TemplateUseRow = { kind: "automation" | "broadcast"; id: string; name: string; status: string; scheduledAt: Date | null };

export function listTemplateUsesSql(db: Db, accountId: string, templateId: string, limit: number) {
  const inGraph = JSON.stringify({ steps: [{ config: { template: { id: templateId } } }] });
  return db.$queryRaw<TemplateUseRow[]>(Prisma.sql`
    (SELECT 'automation' AS "kind", a."id", a."name", a."status"::text AS "status", NULL::timestamp AS "scheduledAt"
       FROM "Automation" a
      WHERE a."accountId" = ${accountId} AND a."status" = 'active'
        AND (a."graph" @> ${inGraph}::jsonb
             OR EXISTS (SELECT 1 FROM "AutomationStep" s WHERE s."automationId" = a."id" AND s."templateId" = ${templateId}))
      ORDER BY a."name" LIMIT ${limit})
    UNION ALL
    (SELECT 'broadcast', b."id", b."name", b."status"::text, b."scheduledAt"
       FROM "Broadcast" b
      WHERE b."accountId" = ${accountId} AND b."templateId" = ${templateId} AND b."status" IN ('scheduled', 'sending')
      ORDER BY b."scheduledAt" NULLS LAST LIMIT ${limit})`);
}
