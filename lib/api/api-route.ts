import type { z } from "zod";
import type { Operation } from "./define-operation";
import { apiHandler, json, type ApiContext } from "./handler";

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
  const status = operation.status ?? 200;
  const handle = apiHandler(
    {
      public: operation.public,
      scope: operation.scope,
      body: operation.body,
      bodyOptional: operation.bodyOptional,
      query: operation.query,
      maxBodyBytes: operation.maxBodyBytes,
    },
    async (ctx) => {
      const result = await handler(ctx);
      return result instanceof Response ? result : json(result, status);
    },
  );
  return Object.assign(handle, { operation, handler });
}
