import { apiRoute } from "@/lib/api/api-route";
import { createList } from "@/lib/lists/create-list";
import { listLists } from "@/lib/lists/list-lists";
import { createListOp, listListsOp } from "@/lib/lists/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/lists – create a list; the name is unique in the account
export const POST = apiRoute(createListOp, ({ auth, body }) => createList({ accountId: auth.accountId, input: body }));

// GET /api/v1/lists – list lists with their contact counts; ?search= on the name
export const GET = apiRoute(listListsOp, ({ auth, query }) => listLists({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
