import type { z } from "zod";
import type { Operation } from "./define-operation";
import { apiHandler, type ApiContext } from "./handler";
import { AUDITED_OPERATIONS } from "@/lib/audit-log/audited-operations";
import { auditOperation } from "@/lib/audit-log/audit-operation";

// The route handler of an operation: apiHandler with the operation's options (authentication,
// scope, rate limit, body and query validation, body limit), the operation riding on the
// handler (the OpenAPI parity test reads it), and the operation's success status for a
// handler that returns a value. A handler that needs its own status or headers returns a
// Response, which goes out as it is.

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export type OperationHandler<TBody extends z.ZodType | undefined, TQuery extends z.ZodType | undefined> = (
  ctx: ApiContext<Infer<TBody>, Infer<TQuery>>,
) => Promise<unknown> | unknown;

export function apiRoute<TBody extends z.ZodType | undefined, TQuery extends z.ZodType | undefined>(
  operation: Operation<TBody, TQuery>,
  handler: OperationHandler<TBody, TQuery>,
) {
  // apiHandler answers a returned value itself (with the operation's status), so the request log
  // keeps that value without reading the response back.
  const handle = apiHandler(
    {
      public: operation.public,
      scope: operation.scope,
      body: operation.body,
      bodyOptional: operation.bodyOptional,
      ownBody: operation.multipartBody !== undefined,
      query: operation.query,
      maxBodyBytes: operation.maxBodyBytes,
      status: operation.status ?? 200,
      operation,
    },
    async (ctx) => {
      const result = await handler(ctx);
      if (AUDITED_OPERATIONS[operation.id]) await auditOperation(operation, ctx, result);
      return result;
    },
  );
  return Object.assign(handle, { operation, handler });
}
