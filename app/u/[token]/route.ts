import { unsubscribeContact } from "@/lib/automations/unsubscribe-contact";
import { errorResponse } from "@/lib/api/handler";
import { readBody } from "@/lib/api/read-body";
import { loadPreferences } from "@/lib/preferences/load-preferences";
import { invalidLinkPage, renderPreferencePage } from "@/lib/preferences/render-preference-page";
import { saveTopicPreferences } from "@/lib/preferences/save-topic-preferences";
import { unsubscribeFromTopic } from "@/lib/preferences/unsubscribe-from-topic";

// The unsubscribe link of marketing emails opens the preference page. GET only shows it (mail
// scanners follow links, so a GET never changes anything); POST takes the page's forms or an
// RFC 8058 one-click request. A body is at most a page's worth of topic switches.
const MAX_PREFERENCES_BODY_BYTES = 8 * 1024;

type Params = { params: Promise<{ token: string }> };

// GET /u/:token – the preference page: the account's topics as switches, unsubscribe from everything
export async function GET(_req: Request, { params }: Params) {
  const prefs = await loadPreferences((await params).token);
  return prefs ? renderPreferencePage(prefs) : invalidLinkPage();
}

// POST /u/:token – List-Unsubscribe=One-Click leaves the email's topic (everything when it has
// none); action=save stores the switches; anything else (the old one-button form) unsubscribes
// from everything
export async function POST(req: Request, { params }: Params) {
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(new TextDecoder().decode(await readBody(req, MAX_PREFERENCES_BODY_BYTES)));
  } catch (error) {
    return errorResponse(error);
  }
  const { token } = await params;
  const prefs = await loadPreferences(token);
  if (!prefs) return invalidLinkPage();
  const action = form.get("List-Unsubscribe") === "One-Click" ? "one_click" : form.get("action");

  if (action === "one_click" && prefs.emailTopic) {
    await unsubscribeFromTopic(prefs, prefs.emailTopic);
    return renderPreferencePage((await loadPreferences(token))!, `You will no longer receive ${prefs.emailTopic.name} emails.`);
  }
  if (action === "save") {
    await saveTopicPreferences(prefs, { shown: form.getAll("shown"), chosen: form.getAll("topic") });
    return renderPreferencePage((await loadPreferences(token))!, "Your preferences are saved.");
  }
  const result = await unsubscribeContact(token);
  if (result.status === "invalid") return invalidLinkPage();
  return renderPreferencePage((await loadPreferences(token))!, "You are unsubscribed from all emails.");
}
