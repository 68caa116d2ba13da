import { confirmListMembership } from "@/lib/lists/confirm-list-membership";
import { verifyListConfirmToken } from "@/lib/lists/list-confirm-token";
import { htmlPage, invalidLinkPage } from "@/lib/preferences/render-preference-page";

// The link of a double opt-in list's confirmation email. GET only shows a button (mail scanners
// follow links: a GET must not subscribe anyone); its form POSTs back here, which confirms.

type Params = { params: Promise<{ token: string }> };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// GET /confirm/:token – the confirmation page: one button, no JavaScript needed
export async function GET(_req: Request, { params }: Params) {
  if (!verifyListConfirmToken((await params).token)) return invalidLinkPage();
  return htmlPage(
    "Confirm your subscription",
    `<h1>Confirm your subscription</h1><div class="card"><p>Press the button to confirm that you want to receive these emails.</p><form method="post"><button type="submit">Confirm my subscription</button></form></div>`,
  );
}

// POST /confirm/:token – confirm: the contact joins the list (list_join automations start)
export async function POST(_req: Request, { params }: Params) {
  const result = await confirmListMembership((await params).token);
  if (result.status === "invalid") return invalidLinkPage();
  return htmlPage(
    "Subscription confirmed",
    `<h1>You are subscribed</h1><p class="notice" role="status">${escape(result.email)} is on ${escape(result.listName)}.</p>`,
  );
}
