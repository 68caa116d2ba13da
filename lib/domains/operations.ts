import { defineOperation } from "@/lib/api/define-operation";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { deletedSchema } from "@/lib/openapi/common";
import { createDomainBodySchema } from "./schemas";
import { domainResponseSchema, listDomainsResponseSchema, verifyDomainResponseSchema } from "./response-schemas";

export const createDomainOp = defineOperation({
  method: "POST",
  path: "/domains",
  id: "createDomain",
  summary: "Add a sending domain",
  tag: "Domains",
  body: createDomainBodySchema,
  status: 201,
  response: domainResponseSchema,
  errors: ["conflict", "limit_reached"],
  example: { domain: "example.com" },
});

export const listDomainsOp = defineOperation({
  method: "GET",
  path: "/domains",
  id: "listDomains",
  summary: "List domains",
  tag: "Domains",
  query: paginationQuerySchema,
  response: listDomainsResponseSchema,
});

export const getDomainOp = defineOperation({
  method: "GET",
  path: "/domains/{id}",
  id: "getDomain",
  summary: "Get a domain with its records and last check",
  tag: "Domains",
  response: domainResponseSchema,
});

export const deleteDomainOp = defineOperation({
  method: "DELETE",
  path: "/domains/{id}",
  id: "deleteDomain",
  summary: "Remove a domain and its DKIM key",
  tag: "Domains",
  response: deletedSchema("dom"),
});

export const verifyDomainOp = defineOperation({
  method: "POST",
  path: "/domains/{id}/verify",
  id: "verifyDomain",
  summary: "Check the domain's DNS now",
  description: "200 either way: `status` and the `dns` booleans say whether it passed, the diagnosis says why not.",
  tag: "Domains",
  response: verifyDomainResponseSchema,
});
