import { defineOperation } from "@/lib/api/define-operation";
import { createContactPropertyBodySchema, updateContactPropertyBodySchema } from "./schemas";
import {
  contactPropertyResponseSchema,
  deleteContactPropertyResponseSchema,
  listContactPropertiesResponseSchema,
} from "./response-schemas";

// The resend SDK's contactProperties (answers in its field names).

export const createContactPropertyOp = defineOperation({
  method: "POST",
  path: "/contact-properties",
  id: "createContactProperty",
  summary: "Declare a typed contact property",
  description: "Values written afterwards (API, events, imports) must be of the type; a 400 names the property.",
  tag: "Audience",
  status: 201,
  body: createContactPropertyBodySchema,
  response: contactPropertyResponseSchema,
  errors: ["conflict", "limit_reached"],
  example: { key: "seats", type: "number", fallback_value: 1 },
});

export const listContactPropertiesOp = defineOperation({
  method: "GET",
  path: "/contact-properties",
  id: "listContactProperties",
  summary: "List declared contact properties",
  tag: "Audience",
  response: listContactPropertiesResponseSchema,
});

export const getContactPropertyOp = defineOperation({
  method: "GET",
  path: "/contact-properties/{id}",
  id: "getContactProperty",
  summary: "Get a declared contact property",
  tag: "Audience",
  response: contactPropertyResponseSchema,
});

export const updateContactPropertyOp = defineOperation({
  method: "PATCH",
  path: "/contact-properties/{id}",
  id: "updateContactProperty",
  summary: "Change a property's fallback value",
  tag: "Audience",
  body: updateContactPropertyBodySchema,
  response: contactPropertyResponseSchema,
});

export const deleteContactPropertyOp = defineOperation({
  method: "DELETE",
  path: "/contact-properties/{id}",
  id: "deleteContactProperty",
  summary: "Remove a property's declaration (values stay)",
  tag: "Audience",
  response: deleteContactPropertyResponseSchema,
});
