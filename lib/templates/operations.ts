import { defineOperation } from "@/lib/api/define-operation";
import { deletedSchema } from "@/lib/openapi/common";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { sdkCreateTemplateBodySchema, sdkUpdateTemplateBodySchema } from "./sdk/sdk-template-schemas";
import {
  listSdkTemplatesResponseSchema,
  removedSdkTemplateResponseSchema,
  sdkTemplateRefSchema,
  sdkTemplateSchema,
} from "./sdk/sdk-template-response-schemas";
import {
  createTemplateBodySchema,
  listTemplatesQuerySchema,
  previewTemplateBodySchema,
  TEMPLATE_REQUEST_MAX_BYTES,
  testTemplateBodySchema,
  updateTemplateBodySchema,
} from "./schemas";
import {
  listTemplateVersionsResponseSchema,
  listTemplatesResponseSchema,
  previewTemplateResponseSchema,
  templateResponseSchema,
  templateUsesResponseSchema,
  testTemplateResponseSchema,
} from "./response-schemas";

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

export const testTemplateOp = defineOperation({
  method: "POST",
  path: "/templates/{id}/test",
  id: "testTemplate",
  summary: "Send one test email of a template, as its preview shows it",
  description:
    "Renders subject and htmlBody (else the template's own) with variables (else its saved sample values), in the account's default layout unless layout is false, and sends the result to one address as an ordinary email (one credit) that names the template. A draft never published can be tested.",
  tag: "Templates",
  body: testTemplateBodySchema,
  maxBodyBytes: TEMPLATE_REQUEST_MAX_BYTES,
  status: 201,
  response: testTemplateResponseSchema,
  errors: ["insufficient_credits", "domain_not_verified", "template_too_complex"],
});

// Drafts and versions: the dashboard's editor saves a draft and publishes it; PUT
// /templates/{id} above publishes at once (its edit is what the next send uses).

export const saveTemplateDraftOp = defineOperation({
  method: "PUT",
  path: "/templates/{id}/draft",
  id: "saveTemplateDraft",
  summary: "Save the template's draft (sends keep the published content)",
  description:
    "The same fields as PUT /templates/{id}, applied to the draft (made from the published content when there is none). Nothing sent changes until POST /templates/{id}/publish.",
  tag: "Templates",
  body: updateTemplateBodySchema,
  maxBodyBytes: TEMPLATE_REQUEST_MAX_BYTES,
  response: templateResponseSchema,
  errors: ["template_too_complex"],
});

export const discardTemplateDraftOp = defineOperation({
  method: "DELETE",
  path: "/templates/{id}/draft",
  id: "discardTemplateDraft",
  summary: "Discard the template's draft",
  tag: "Templates",
  response: templateResponseSchema,
  errors: ["conflict"],
});

export const publishTemplateOp = defineOperation({
  method: "POST",
  path: "/templates/{id}/publish",
  id: "publishTemplate",
  summary: "Publish the draft: every send uses it from now on, recorded as a version",
  tag: "Templates",
  response: templateResponseSchema,
});

export const listTemplateVersionsOp = defineOperation({
  method: "GET",
  path: "/templates/{id}/versions",
  id: "listTemplateVersions",
  summary: "The template's published versions, newest first, with who published each",
  tag: "Templates",
  response: listTemplateVersionsResponseSchema,
});

export const restoreTemplateVersionOp = defineOperation({
  method: "POST",
  path: "/templates/{id}/versions/{versionId}/restore",
  id: "restoreTemplateVersion",
  summary: "Restore a version as the draft (publish it to send it again)",
  tag: "Templates",
  response: templateResponseSchema,
});

export const listTemplateUsesOp = defineOperation({
  method: "GET",
  path: "/templates/{id}/uses",
  id: "listTemplateUses",
  summary: "Where a publish changes emails: active automations and journeys, scheduled broadcasts",
  tag: "Templates",
  response: templateUsesResponseSchema,
});

export const updateTemplatePatchOp = defineOperation({
  ...updateTemplateOp,
  method: "PATCH",
  id: "updateTemplatePatch",
  summary: "Change a template's fields (as PUT)",
});

// The `resend` SDK's template calls, at its base path /api/v1/resend (their shapes differ from
// the spec's on the same path). `identifier` is the template's id or alias.

export const createSdkTemplateOp = defineOperation({
  method: "POST",
  path: "/resend/templates",
  id: "createSdkTemplate",
  summary: "Create a draft template (the resend SDK's templates.create)",
  description:
    "Not sent until published (templates.publish, or `.publish()` chained on create). `variables` are typed: `{key, type: string|number, fallback_value}`; a send that omits a variable gets its fallback.",
  tag: "Templates",
  status: 201,
  body: sdkCreateTemplateBodySchema,
  maxBodyBytes: TEMPLATE_REQUEST_MAX_BYTES,
  response: sdkTemplateRefSchema,
  errors: ["conflict", "template_too_complex"],
  example: {
    name: "Welcome",
    alias: "welcome",
    subject: "Welcome, {{{NAME}}}",
    html: "<p>Hi {{{NAME}}}, you have {{{CREDITS}}} credits.</p>",
    variables: [
      { key: "NAME", type: "string", fallback_value: "there" },
      { key: "CREDITS", type: "number", fallback_value: 0 },
    ],
  },
});

export const listSdkTemplatesOp = defineOperation({
  method: "GET",
  path: "/resend/templates",
  id: "listSdkTemplates",
  summary: "Templates, newest first (templates.list)",
  tag: "Templates",
  query: paginationQuerySchema,
  response: listSdkTemplatesResponseSchema,
});

export const getSdkTemplateOp = defineOperation({
  method: "GET",
  path: "/resend/templates/{identifier}",
  id: "getSdkTemplate",
  summary: "A template by id or alias, as its working copy (templates.get)",
  tag: "Templates",
  response: sdkTemplateSchema,
});

export const updateSdkTemplateOp = defineOperation({
  method: "PATCH",
  path: "/resend/templates/{identifier}",
  id: "updateSdkTemplate",
  summary: "Edit the template's draft (templates.update); sends change when it is published",
  tag: "Templates",
  body: sdkUpdateTemplateBodySchema,
  maxBodyBytes: TEMPLATE_REQUEST_MAX_BYTES,
  response: sdkTemplateRefSchema,
  errors: ["conflict", "template_too_complex"],
});

export const removeSdkTemplateOp = defineOperation({
  method: "DELETE",
  path: "/resend/templates/{identifier}",
  id: "removeSdkTemplate",
  summary: "Delete a template (templates.remove; 409 while a step or an unsent email uses it)",
  tag: "Templates",
  response: removedSdkTemplateResponseSchema,
  errors: ["conflict"],
});

export const publishSdkTemplateOp = defineOperation({
  method: "POST",
  path: "/resend/templates/{identifier}/publish",
  id: "publishSdkTemplate",
  summary: "Publish the draft: sends use it from now on (templates.publish)",
  tag: "Templates",
  response: sdkTemplateRefSchema,
});

export const duplicateSdkTemplateOp = defineOperation({
  method: "POST",
  path: "/resend/templates/{identifier}/duplicate",
  id: "duplicateSdkTemplate",
  summary: "A draft copy of the template, without its alias (templates.duplicate)",
  tag: "Templates",
  status: 201,
  response: sdkTemplateRefSchema,
});
