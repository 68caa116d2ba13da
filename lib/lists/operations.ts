import { defineOperation } from "@/lib/api/define-operation";
import { addListContactBodySchema, createListBodySchema, listListsQuerySchema } from "./schemas";
import {
  addListContactResponseSchema,
  deleteListResponseSchema,
  listListsResponseSchema,
  listResponseSchema,
  removeListContactResponseSchema,
} from "./response-schemas";

export const createListOp = defineOperation({
  method: "POST",
  path: "/lists",
  id: "createList",
  summary: "Create a list",
  tag: "Lists",
  body: createListBodySchema,
  status: 201,
  response: listResponseSchema,
  errors: ["conflict"],
  example: { name: "Newsletter" },
});

export const listListsOp = defineOperation({
  method: "GET",
  path: "/lists",
  id: "listLists",
  summary: "List lists",
  tag: "Lists",
  query: listListsQuerySchema,
  response: listListsResponseSchema,
});

export const getListOp = defineOperation({
  method: "GET",
  path: "/lists/{id}",
  id: "getList",
  summary: "Get a list",
  tag: "Lists",
  response: listResponseSchema,
});

export const deleteListOp = defineOperation({
  method: "DELETE",
  path: "/lists/{id}",
  id: "deleteList",
  summary: "Delete a list (its contacts stay)",
  tag: "Lists",
  response: deleteListResponseSchema,
  errors: ["conflict"],
});

export const addListContactOp = defineOperation({
  method: "POST",
  path: "/lists/{id}/contacts",
  id: "addListContact",
  summary: "Add a contact to a list (created when new)",
  description: "201 when added, 200 when the contact already was a member.",
  tag: "Lists",
  body: addListContactBodySchema,
  status: 201,
  alsoStatus: 200,
  response: addListContactResponseSchema,
  errors: ["conflict"],
});

export const removeListContactOp = defineOperation({
  method: "DELETE",
  path: "/lists/{id}/contacts/{contactId}",
  id: "removeListContact",
  summary: "Remove a contact from a list",
  tag: "Lists",
  response: removeListContactResponseSchema,
  errors: ["conflict"],
});
