import { defineOperation } from "@/lib/api/define-operation";
import { smtpSettingsResponseSchema } from "./response-schemas";

export const getSmtpSettingsOp = defineOperation({
  method: "GET",
  path: "/smtp",
  id: "getSmtpSettings",
  summary: "SMTP relay settings",
  tag: "Account",
  response: smtpSettingsResponseSchema,
});
