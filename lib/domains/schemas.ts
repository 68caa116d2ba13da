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

// `name` is Resend's field for the same thing (its SDK's domains.create sends {name}).
export const createDomainBodySchema = z
  .object({ domain: domainNameSchema.optional(), name: domainNameSchema.optional() })
  .refine((body) => body.domain !== undefined || body.name !== undefined, { message: "domain is required", path: ["domain"] })
  .refine((body) => body.domain === undefined || body.name === undefined || body.domain === body.name, {
    message: "send domain or name, not two different names",
    path: ["name"],
  })
  .transform((body) => ({ domain: (body.domain ?? body.name)! }));

export type CreateDomainBody = z.infer<typeof createDomainBodySchema>;
