import { defineOperation } from "@/lib/api/define-operation";
import { deletedSchema } from "@/lib/openapi/common";
import { createLayoutBodySchema, updateLayoutBodySchema } from "./schemas";
import { layoutResponseSchema, listLayoutsResponseSchema } from "./response-schemas";

const WRAPPED =
  "Broadcasts and journey (automation) emails are sent in the account's default layout: a header (logo or header text in the brand colour), the body, and a footer (footer text, postal address, and an unsubscribe link when the email has none of its own). Emails sent through POST /emails keep their HTML as given.";

export const listLayoutsOp = defineOperation({
  method: "GET",
  path: "/layouts",
  id: "listLayouts",
  summary: "List layouts",
  description: WRAPPED,
  tag: "Templates",
  response: listLayoutsResponseSchema,
});

export const createLayoutOp = defineOperation({
  method: "POST",
  path: "/layouts",
  id: "createLayout",
  summary: "Create a layout",
  description: "A new layout, not the default; at most 50 per account.",
  tag: "Templates",
  body: createLayoutBodySchema,
  status: 201,
  response: layoutResponseSchema,
  errors: ["limit_reached"],
  example: {
    name: "Newsletter",
    headerText: "Acme",
    footerText: "You get this because you signed up at acme.com.",
    address: "1 Main St, Springfield",
    brandColor: "#1d4ed8",
    font: "georgia",
  },
});

export const getLayoutOp = defineOperation({
  method: "GET",
  path: "/layouts/{id}",
  id: "getLayout",
  summary: "Get a layout",
  tag: "Templates",
  response: layoutResponseSchema,
});

export const updateLayoutOp = defineOperation({
  method: "PUT",
  path: "/layouts/{id}",
  id: "updateLayout",
  summary: "Update a layout",
  description: "Changes the fields given; the next email sent in the layout shows them.",
  tag: "Templates",
  body: updateLayoutBodySchema,
  response: layoutResponseSchema,
  example: { footerText: "Questions? Reply to this email.", brandColor: "#0f766e" },
});

export const setDefaultLayoutOp = defineOperation({
  method: "POST",
  path: "/layouts/{id}/default",
  id: "setDefaultLayout",
  summary: "Make a layout the default",
  tag: "Templates",
  response: layoutResponseSchema,
});

export const deleteLayoutOp = defineOperation({
  method: "DELETE",
  path: "/layouts/{id}",
  id: "deleteLayout",
  summary: "Delete a layout",
  description: "The default layout cannot be deleted (409): make another the default first.",
  tag: "Templates",
  response: deletedSchema("lay"),
  errors: ["conflict"],
});
