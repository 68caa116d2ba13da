import { defineOperation } from "@/lib/api/define-operation";
import { deletedSchema } from "@/lib/openapi/common";
import {
  createTemplateBodySchema,
  listTemplatesQuerySchema,
  previewTemplateBodySchema,
  TEMPLATE_REQUEST_MAX_BYTES,
  updateTemplateBodySchema,
} from "./schemas";
import { listTemplatesResponseSchema, previewTemplateResponseSchema, templateResponseSchema } from "./response-schemas";

export const createTemplateOp = defineOperation({
  method: "POST",
  path: "/templates",
  id: "createTemplate",
  summary: "Create a template",
  description:
    "Send the HTML as htmlBody, or the visual editor's blocks as design: htmlBody is then rendered from the design (email-safe tables and inline styles) and both are stored, so the dashboard opens the template in its visual editor. A template made with htmlBody opens as code, unchanged.",
  tag: "Templates",
  body: createTemplateBodySchema,
  maxBodyBytes: TEMPLATE_REQUEST_MAX_BYTES,
  status: 201,
  response: templateResponseSchema,
  errors: ["template_too_complex"],
  example: { name: "Welcome", subject: "Welcome, {{name}}", htmlBody: "<p>Hi {{name}}, thanks for joining {{company}}.</p>" },
});

export const listTemplatesOp = defineOperation({
  method: "GET",
  path: "/templates",
  id: "listTemplates",
  summary: "List templates",
  tag: "Templates",
  query: listTemplatesQuerySchema,
  response: listTemplatesResponseSchema,
});

export const getTemplateOp = defineOperation({
  method: "GET",
  path: "/templates/{id}",
  id: "getTemplate",
  summary: "Get a template",
  tag: "Templates",
  response: templateResponseSchema,
});

export const updateTemplateOp = defineOperation({
  method: "PUT",
  path: "/templates/{id}",
  id: "updateTemplate",
  summary: "Change a template's fields",
  description:
    "A design replaces htmlBody with the HTML rendered from it. An htmlBody written by hand drops the design (the template is code from then on), and design null drops it keeping the HTML as it is.",
  tag: "Templates",
  body: updateTemplateBodySchema,
  maxBodyBytes: TEMPLATE_REQUEST_MAX_BYTES,
  response: templateResponseSchema,
  errors: ["template_too_complex"],
});

export const deleteTemplateOp = defineOperation({
  method: "DELETE",
  path: "/templates/{id}",
  id: "deleteTemplate",
  summary: "Delete a template (409 while a step or an unsent email uses it)",
  tag: "Templates",
  response: deletedSchema("tpl"),
  errors: ["conflict"],
});

export const previewTemplateOp = defineOperation({
  method: "POST",
  path: "/templates/{id}/preview",
  id: "previewTemplate",
  summary: "Render a template with variables",
  tag: "Templates",
  body: previewTemplateBodySchema,
  maxBodyBytes: TEMPLATE_REQUEST_MAX_BYTES,
  response: previewTemplateResponseSchema,
  errors: ["template_too_complex"],
});
