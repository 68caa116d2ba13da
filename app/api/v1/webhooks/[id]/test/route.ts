import { apiHandler } from "@/lib/api/handler";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

// POST /api/v1/webhooks/:id/test – deliver a sample email.delivered event once
export const POST = apiHandler({}, ({ auth, params }) => sendTestEvent({ accountId: auth.accountId, id: params.id }));
