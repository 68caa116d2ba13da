import { apiRoute } from "@/lib/api/api-route";
import { createDomain } from "@/lib/domains/create-domain";
import { listDomains } from "@/lib/domains/list-domains";
import { createDomainOp, listDomainsOp } from "@/lib/domains/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/domains – add a sending domain; returns the DNS records to publish
export const POST = apiRoute(createDomainOp, ({ auth, body }) => createDomain({ accountId: auth.accountId, input: body }));

// GET /api/v1/domains – list the account's domains, newest first
export const GET = apiRoute(listDomainsOp, ({ auth, query }) => listDomains({ accountId: auth.accountId, page: query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
