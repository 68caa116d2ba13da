import { describeUnsubscribeToken, unsubscribeContact } from "@/lib/automations/unsubscribe-contact";
import { errorResponse } from "@/lib/api/handler";
import { readBody } from "@/lib/api/read-body";

// The form posts nothing and a one-click client "List-Unsubscribe=One-Click"; nothing in it is used.
const MAX_UNSUBSCRIBE_BODY_BYTES = 8 * 1024;

// The unsubscribe link of automation emails. GET only shows a confirmation (mail scanners
// follow links, so a GET must never unsubscribe); POST unsubscribes, which is also what
// RFC 8058 one-click clients send (List-Unsubscribe=One-Click).

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111}button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #111;background:#111;color:#fff;cursor:pointer}</style></head><body>${body}</body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      "Referrer-Policy": "no-referrer",
    },
  });
}

const invalid = () => page("Link not valid", "<h1>This link is not valid</h1><p>It may have been copied incompletely.</p>", 404);

// GET /u/:token – confirmation page with a one-button form
export async function GET(_req: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const contact = await describeUnsubscribeToken(token);
  if (!contact) return invalid();
  if (!contact.subscribed)
    return page("Unsubscribed", `<h1>You are unsubscribed</h1><p>${escape(contact.email)} will not receive these emails.</p>`);
  return page(
    "Unsubscribe",
    `<h1>Unsubscribe</h1><p>Stop sending these emails to ${escape(contact.email)}?</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
  );
}

// POST /u/:token – unsubscribe (the page's form, or an RFC 8058 one-click request)
export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }) {
  try {
    await readBody(req, MAX_UNSUBSCRIBE_BODY_BYTES);
  } catch (error) {
    return errorResponse(error);
  }
  const { token } = await params;
  const result = await unsubscribeContact(token);
  if (result.status === "invalid") return invalid();
  return page("Unsubscribed", `<h1>You are unsubscribed</h1><p>${escape(result.email)} will not receive these emails.</p>`);
}
