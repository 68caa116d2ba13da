import { defineOperation } from "@/lib/api/define-operation";
import { deletedSchema } from "@/lib/openapi/common";
import { contactActivityQuerySchema, contactActivityResponseSchema } from "./activity-schemas";
import { IMPORT_BODY_MAX_BYTES, importContactsBodySchema } from "./import-schemas";
import { createContactBodySchema, listContactsQuerySchema, updateContactBodySchema } from "./schemas";
import {
  contactImportResponseSchema,
  contactPropertyKeysResponseSchema,
  contactResponseSchema,
  listContactsResponseSchema,
} from "./response-schemas";

export const createContactOp = defineOperation({
  method: "POST",
  path: "/contacts",
  id: "createContact",
  summary: "Create a contact",
  tag: "Contacts",
  body: createContactBodySchema,
  status: 201,
  response: contactResponseSchema,
  errors: ["conflict"],
  example: { email: "ann@example.org", name: "Ann", properties: { plan: "pro", seats: 3 } },
});

export const listContactsOp = defineOperation({
  method: "GET",
  path: "/contacts",
  id: "listContacts",
  summary: "List contacts",
  tag: "Contacts",
  query: listContactsQuerySchema,
  response: listContactsResponseSchema,
});

export const listContactPropertyKeysOp = defineOperation({
  method: "GET",
  path: "/contacts/properties",
  id: "listContactPropertyKeys",
  summary: "The contact property keys in use",
  description: "Keys of the properties of the account's newest 5000 contacts, the most used first, at most 100.",
  tag: "Contacts",
  response: contactPropertyKeysResponseSchema,
});

export const getContactOp = defineOperation({
  method: "GET",
  path: "/contacts/{id}",
  id: "getContact",
  summary: "Get a contact",
  tag: "Contacts",
  response: contactResponseSchema,
});

export const updateContactOp = defineOperation({
  method: "PATCH",
  path: "/contacts/{id}",
  id: "updateContact",
  summary: "Change a contact; properties merge, null removes one",
  tag: "Contacts",
  body: updateContactBodySchema,
  response: contactResponseSchema,
  errors: ["conflict"],
});

export const updateContactPutOp = defineOperation({
  ...updateContactOp,
  method: "PUT",
  id: "updateContactPut",
  summary: "Change a contact (as PATCH)",
});

export const deleteContactOp = defineOperation({
  method: "DELETE",
  path: "/contacts/{id}",
  id: "deleteContact",
  summary: "Delete a contact",
  tag: "Contacts",
  response: deletedSchema("con"),
});

export const getContactActivityOp = defineOperation({
  method: "GET",
  path: "/contacts/{id}/activity",
  id: "getContactActivity",
  summary: "A contact's latest emails with their events, and its automation enrollments",
  tag: "Contacts",
  query: contactActivityQuerySchema,
  response: contactActivityResponseSchema,
});

export const importContactsOp = defineOperation({
  method: "POST",
  path: "/contacts/import",
  id: "importContacts",
  summary: "Start a CSV import",
  tag: "Contacts",
  body: importContactsBodySchema,
  maxBodyBytes: IMPORT_BODY_MAX_BYTES,
  status: 201,
  response: contactImportResponseSchema,
  errors: ["not_found", "conflict"],
});

export const getContactImportOp = defineOperation({
  method: "GET",
  path: "/contacts/import/{id}",
  id: "getContactImport",
  summary: "Get an import's progress and row errors",
  tag: "Contacts",
  response: contactImportResponseSchema,
});
