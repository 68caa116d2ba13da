import { defineOperation } from "@/lib/api/define-operation";
import { changePasswordBodySchema, updateAccountBodySchema } from "./schemas";
import { accountResponseSchema, changePasswordResponseSchema, resendConfirmationResponseSchema } from "./response-schemas";

export const getAccountOp = defineOperation({
  method: "GET",
  path: "/account",
  id: "getAccount",
  summary: "Account settings",
  tag: "Account",
  response: accountResponseSchema,
});

export const updateAccountOp = defineOperation({
  method: "PUT",
  path: "/account",
  id: "updateAccount",
  summary: "Change account settings",
  tag: "Account",
  body: updateAccountBodySchema,
  response: accountResponseSchema,
  errors: ["domain_not_verified"],
});

export const changePasswordOp = defineOperation({
  method: "POST",
  path: "/account/password",
  id: "changePassword",
  summary: "Change the password (dashboard session only)",
  tag: "Account",
  body: changePasswordBodySchema,
  response: changePasswordResponseSchema,
});

export const resendConfirmationOp = defineOperation({
  method: "POST",
  path: "/account/confirmation",
  id: "resendConfirmation",
  summary: "Email the sign-up confirmation link again",
  tag: "Account",
  response: resendConfirmationResponseSchema,
  errors: ["conflict"],
});
