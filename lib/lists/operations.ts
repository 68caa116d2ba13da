import { defineOperation } from "@/lib/api/define-operation";
import { addListContactBodySchema, createListBodySchema, listListsQuerySchema, updateListBodySchema } from "./schemas";
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
  description:
    "doubleOptIn: joining through the API sends the contact a confirmation email (from the account's default sender, else the sandbox sender in local mode); they are a member, and list_join automations start, only once they follow its link. Imports and journey steps add members directly.",
  example: { name: "Newsletter", doubleOptIn: true },
});

export const updateListOp = defineOperation({
  method: "PATCH",
  path: "/lists/{id}",
  id: "updateList",
  summary: "Rename a list or change its double opt-in setting",
  tag: "Lists",
  body: updateListBodySchema,
  response: listResponseSchema,
  errors: ["conflict"],
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
  description:
    "201 when added, 200 when the contact already was a member. A double opt-in list: 200 with pending: true, and a confirmation email is sent; the contact joins when they follow its link.",
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
