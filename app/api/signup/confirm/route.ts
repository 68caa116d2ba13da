import { apiHandler } from "@/lib/api/handler";
import { appUrl } from "@/lib/config/env";
import { confirmEmailQuerySchema } from "@/lib/accounts/schemas";
import { confirmEmail } from "@/lib/accounts/confirm-email";

// GET /api/signup/confirm?token= – the emailed link: confirm the address, then to the dashboard
export const GET = apiHandler({ public: true, query: confirmEmailQuerySchema }, async ({ query }) => {
  await confirmEmail(query.token);
  // Not Response.redirect: its headers are immutable and the wrapper adds its own.
  return new Response(null, { status: 303, headers: { location: `${appUrl()}/?emailConfirmed=1` } });
});
