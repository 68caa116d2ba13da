import { apiHandler, created } from "@/lib/api/handler";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { createDomain } from "@/lib/domains/create-domain";
import { listDomains } from "@/lib/domains/list-domains";
import { createDomainBodySchema } from "@/lib/domains/schemas";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/domains – add a sending domain; returns the DNS records to publish
export const POST = apiHandler({ body: createDomainBodySchema }, async ({ auth, body }) =>
  created(await createDomain({ accountId: auth.accountId, input: body })),
);

// GET /api/v1/domains – list the account's domains, newest first
export const GET = apiHandler({ query: paginationQuerySchema }, ({ auth, query }) =>
  listDomains({ accountId: auth.accountId, page: query }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
