import { apiRoute } from "@/lib/api/api-route";
import { removeListContactOp } from "@/lib/lists/operations";
import { removeListContact } from "@/lib/lists/remove-list-contact";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// DELETE /api/v1/lists/:id/contacts/:contactId – remove a contact from a list
export const DELETE = apiRoute(removeListContactOp, ({ auth, params }) =>
  removeListContact({ accountId: auth.accountId, listId: params.id, contactId: params.contactId }),
);

export const { GET, POST, PUT, PATCH, OPTIONS } = refuseOtherMethods({ DELETE });
