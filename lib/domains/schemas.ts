import { z } from "zod";
import { normalizeDomainName } from "./normalize-domain-name";

/** A sending domain as typed by a user, normalised (lowercase, punycode, no trailing dot). */
export const domainNameSchema = z.string({ message: "domain must be a string" }).transform((value, ctx) => {
  const result = normalizeDomainName(value);
  if (!result.ok) {
    ctx.addIssue({ code: "custom", message: result.error });
    return z.NEVER;
  }
  return result.domain;
});

const capabilityStatus = z.enum(["enabled", "disabled"], { message: "a capability is enabled or disabled" });

// Resend's capabilities (its SDK's domains.create and domains.update send them). Sending is
// always on for a Mailwright domain, so only `sending: "enabled"` is accepted.
const capabilitiesSchema = z
  .object({
    sending: z.literal("enabled", { message: "sending cannot be disabled; delete the domain instead" }).optional(),
    receiving: capabilityStatus.optional(),
  })
  .strict();

export const MAX_RECEIVING_ADDRESSES = 100;

// The local parts a receiving domain accepts mail for ("support", or "support@<domain>");
// an empty list is a catch-all. Stored lowercase, once each.
export const receivingAddressesSchema = z
  .array(
    z
      .string({ message: "each receiving address is a string" })
      .trim()
      .toLowerCase()
      .transform((value) => value.replace(/@.*$/, ""))
      .pipe(
        z
          .string()
          .min(1, "a receiving address needs a local part")
          .max(64, "a local part is at most 64 characters")
          .regex(/^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+$/, "not a valid local part"),
      ),
    { message: "receivingAddresses must be an array of addresses" },
  )
  .max(MAX_RECEIVING_ADDRESSES, `at most ${MAX_RECEIVING_ADDRESSES} receiving addresses`)
  .transform((list) => [...new Set(list)]);

const receivingInput = (body: { capabilities?: z.infer<typeof capabilitiesSchema>; receivingAddresses?: string[] }) => ({
  ...(body.capabilities?.receiving !== undefined ? { receiving: body.capabilities.receiving === "enabled" } : {}),
  ...(body.receivingAddresses !== undefined ? { receivingAddresses: body.receivingAddresses } : {}),
});

// `name` is Resend's field for the same thing (its SDK's domains.create sends {name}).
export const createDomainBodySchema = z
  .object({
    domain: domainNameSchema.optional(),
    name: domainNameSchema.optional(),
    capabilities: capabilitiesSchema.optional(),
    receivingAddresses: receivingAddressesSchema.optional(),
  })
  .refine((body) => body.domain !== undefined || body.name !== undefined, { message: "domain is required", path: ["domain"] })
  .refine((body) => body.domain === undefined || body.name === undefined || body.domain === body.name, {
    message: "send domain or name, not two different names",
    path: ["name"],
  })
  .transform((body) => ({ domain: (body.domain ?? body.name)!, ...receivingInput(body) }));

export type CreateDomainBody = z.infer<typeof createDomainBodySchema>;

// PATCH /domains/:id (the SDK's domains.update): receiving on or off, and its addresses. The
// SDK's tracking and TLS fields have no Mailwright setting and are ignored.
export const updateDomainBodySchema = z
  .object({ capabilities: capabilitiesSchema.optional(), receivingAddresses: receivingAddressesSchema.optional() })
  .transform(receivingInput);

export type UpdateDomainBody = z.infer<typeof updateDomainBodySchema>;
