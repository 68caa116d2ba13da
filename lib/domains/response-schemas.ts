import { z } from "zod";
import { DomainStatus } from "@/lib/generated/prisma/enums";
import { idOf, listOf, nullableTimestamp, timestamp } from "@/lib/openapi/common";

// Documented response shapes of the domain routes (serialize-domain.ts, verify-domain.ts); the
// stored JSON (records, lastCheck) follows the interfaces in types.ts.

const recordStatus = z.enum(["pending", "verified", "failed", "warning"]);
const recordKey = z.enum(["mx", "spf", "dkim", "dmarc", "receiving"]);

const domainRecordSchema = z
  .object({
    type: z.enum(["MX", "TXT"]),
    name: z.string(),
    value: z.string(),
    purpose: z.enum(["bounce MX", "SPF", "DKIM", "DMARC", "receiving MX"]),
    status: recordStatus,
    required: z.boolean().meta({ description: "MX and SPF decide verification; DKIM, DMARC and the receiving MX are reported only." }),
    priority: z.number().int().optional(),
  })
  .meta({
    id: "DomainRecord",
    example: {
      type: "TXT",
      name: "send.example.com",
      value: "v=spf1 include:spf.mailwright.test ~all",
      purpose: "SPF",
      status: "pending",
      required: true,
    },
  });

const recordCheckSchema = z.object({
  type: z.enum(["MX", "TXT"]),
  name: z.string(),
  expected: z.string(),
  found: z.array(z.string()),
  status: recordStatus,
  pass: z.boolean(),
  dnsError: z.string().optional(),
  lookups: z.number().int().optional(),
});

const dnsSchema = z.object({
  spf: z.boolean(),
  dkim: z.boolean(),
  dmarc: z.boolean(),
  mx: z.boolean(),
  receiving: z.boolean().optional().meta({ description: "Only while the domain receives mail: its own MX points to us." }),
});

const domainCheckSchema = z
  .object({
    checkedAt: timestamp,
    verified: z.boolean(),
    dns: dnsSchema,
    records: z.object({
      mx: recordCheckSchema,
      spf: recordCheckSchema,
      dkim: recordCheckSchema,
      dmarc: recordCheckSchema,
      receiving: recordCheckSchema.optional(),
    }),
    problems: z.array(
      z.object({
        code: z.string().meta({ example: "spf_missing" }),
        severity: z.enum(["error", "warning", "info"]),
        record: recordKey,
        message: z.string(),
      }),
    ),
  })
  .meta({ id: "DomainCheck" });

const domainFields = {
  id: idOf("dom"),
  domain: z.string().meta({ example: "example.com" }),
  status: z.enum(DomainStatus),
  verifiedAt: nullableTimestamp,
  createdAt: timestamp,
  records: z.array(domainRecordSchema),
  lastCheckedAt: nullableTimestamp,
  capabilities: z.object({ sending: z.literal("enabled"), receiving: z.enum(["enabled", "disabled"]) }),
  receivingAddresses: z
    .array(z.string())
    .meta({ description: "Local parts this domain receives mail for; empty: every address (catch-all).", example: ["support"] }),
};

export const domainResponseSchema = z.object({ ...domainFields, lastCheck: domainCheckSchema.nullable() }).meta({ id: "Domain" });

/** List items leave the last check's diagnosis out. */
export const listDomainsResponseSchema = listOf(z.object(domainFields).meta({ id: "DomainSummary" }));

export const verifyDomainResponseSchema = z.object({ ...domainFields, dns: dnsSchema, lastCheck: domainCheckSchema.nullable() });

export const updateDomainResponseSchema = z.object({
  object: z.literal("domain"),
  ...domainFields,
  lastCheck: domainCheckSchema.nullable(),
});
