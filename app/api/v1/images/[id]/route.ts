import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { deleteImage } from "@/lib/images/delete-image";
import { deleteImageOp } from "@/lib/images/operations";

// DELETE /api/v1/images/:id – delete an image; its public address answers 404 from then on
export const DELETE = apiRoute(deleteImageOp, ({ auth, params }) => deleteImage({ accountId: auth.accountId, id: params.id }));

export const { GET, POST, PUT, PATCH, OPTIONS } = refuseOtherMethods({ DELETE });
