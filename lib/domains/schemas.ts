import { z } from "zod";
import { normalizeDomainName } from "./normalize-domain-name";

/** A sending domain as typed by a user, normalised (lowercase, punycode, no trailing dot). */
export const domainNameSchema = z
  .string({ message: "domain must be a string" })
  .transform((value, ctx) => {
    const result = normalizeDomainName(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }
    return result.domain;
  });

export const createDomainBodySchema = z.object({ domain: domainNameSchema });

export type CreateDomainBody = z.infer<typeof createDomainBodySchema>;
