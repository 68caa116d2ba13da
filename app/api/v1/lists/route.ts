import { apiHandler, created } from "@/lib/api/handler";
import { createListBodySchema, listListsQuerySchema } from "@/lib/lists/schemas";
import { createList } from "@/lib/lists/create-list";
import { listLists } from "@/lib/lists/list-lists";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/lists – create a list; the name is unique in the account
export const POST = apiHandler({ body: createListBodySchema }, async ({ auth, body }) =>
  created(await createList({ accountId: auth.accountId, input: body })),
);

// GET /api/v1/lists – list lists with their contact counts; ?search= on the name
export const GET = apiHandler({ query: listListsQuerySchema }, ({ auth, query }) => listLists({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
