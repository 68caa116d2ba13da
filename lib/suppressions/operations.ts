import { defineOperation } from "@/lib/api/define-operation";
import { deleteSuppressionQuerySchema, listSuppressionsQuerySchema } from "./schemas";
import { deleteSuppressionResponseSchema, listSuppressionsResponseSchema } from "./response-schemas";

export const listSuppressionsOp = defineOperation({
  method: "GET",
  path: "/suppressions",
  id: "listSuppressions",
  summary: "Addresses no longer sent to",
  tag: "Account",
  query: listSuppressionsQuerySchema,
  response: listSuppressionsResponseSchema,
});

export const deleteSuppressionOp = defineOperation({
  method: "DELETE",
  path: "/suppressions",
  id: "deleteSuppression",
  summary: "Lift a suppression (?email=)",
  tag: "Account",
  query: deleteSuppressionQuerySchema,
  response: deleteSuppressionResponseSchema,
  errors: ["not_found"],
});

export const deleteSuppressionByIdOp = defineOperation({
  method: "DELETE",
  path: "/suppressions/{id}",
  id: "deleteSuppressionById",
  summary: "Lift a suppression by its id",
  tag: "Account",
  response: deleteSuppressionResponseSchema,
  errors: ["not_found"],
});
