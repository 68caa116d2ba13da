import type { Preferences } from "./load-preferences";

// The hosted preference page behind /u/<token>: plain HTML forms that POST back to the same
// address, so it works without JavaScript, and a style sheet inline (the page's CSP allows
// nothing else). Switches are checkboxes styled as switches.

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#111;line-height:1.5;background:#fafafa}
h1{font-size:1.5rem;margin:0 0 .25rem}
h2{font-size:1rem;margin:0 0 .75rem}
p{margin:.25rem 0 .75rem}
.muted{color:#555}
.card{background:#fff;border:1px solid #e5e5e5;border-radius:.75rem;padding:1.25rem;margin:1.25rem 0}
.notice{background:#ecfdf5;border:1px solid #a7f3d0;color:#065f46;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
.row{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:.75rem 0;border-top:1px solid #f0f0f0;cursor:pointer}
.row:first-of-type{border-top:0}
.row small{display:block;color:#555}
input[type=checkbox]{appearance:none;-webkit-appearance:none;flex:none;width:2.75rem;height:1.5rem;border-radius:1rem;background:#d4d4d4;position:relative;cursor:pointer;margin:0;transition:background .15s}
input[type=checkbox]::after{content:"";position:absolute;top:.1875rem;left:.1875rem;width:1.125rem;height:1.125rem;border-radius:50%;background:#fff;transition:left .15s}
input[type=checkbox]:checked{background:#111}
input[type=checkbox]:checked::after{left:1.4375rem}
input[type=checkbox]:focus-visible,button:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #111;background:#111;color:#fff;cursor:pointer;margin-top:.5rem}
button.danger{background:#fff;color:#b91c1c;border-color:#b91c1c}`;

export function htmlPage(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
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

export const invalidLinkPage = () =>
  htmlPage("Link not valid", "<h1>This link is not valid</h1><p>It may have been copied incompletely.</p>", 404);

function topicForm(prefs: Preferences): string {
  const rows = prefs.topics
    .map((t) => {
      const id = escape(t.id);
      const description = t.description ? `<small>${escape(t.description)}</small>` : "";
      return `<input type="hidden" name="shown" value="${id}"><label class="row"><span><strong>${escape(t.name)}</strong>${description}</span><input type="checkbox" name="topic" value="${id}" aria-label="${escape(t.name)}"${t.subscription === "opt_in" ? " checked" : ""}></label>`;
    })
    .join("");
  return `<div class="card"><h2>What you receive</h2><form method="post"><input type="hidden" name="action" value="save">${rows}<button type="submit">Save preferences</button></form></div>`;
}

/** The page for a contact: the topics as switches and unsubscribe from everything; `notice` on top. */
export function renderPreferencePage(prefs: Preferences, notice?: string): Response {
  const email = escape(prefs.contact.email);
  const head = `<h1>Email preferences</h1><p class="muted">Emails from ${escape(prefs.sender)} to ${email}.</p>${notice ? `<p class="notice" role="status">${escape(notice)}</p>` : ""}`;
  if (!prefs.contact.subscribed) {
    return htmlPage(
      "Unsubscribed",
      `${head}<div class="card"><h2>You are unsubscribed</h2><p>${email} will not receive these emails.</p></div>`,
    );
  }
  const topics = prefs.topics.length ? topicForm(prefs) : "";
  const all = `<div class="card"><h2>Unsubscribe from everything</h2><p>Stop sending these emails to ${email}? You will receive none of them, whatever the topic.</p><form method="post"><input type="hidden" name="action" value="unsubscribe_all"><button type="submit" class="danger">Unsubscribe from all emails</button></form></div>`;
  return htmlPage("Email preferences", `${head}${topics}${all}`);
}
