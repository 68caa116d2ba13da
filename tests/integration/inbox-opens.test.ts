import { describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as inboxRoute } from "@/app/api/v1/inbox/route";
import { GET as inboxMessageRoute } from "@/app/api/v1/inbox/[id]/route";
import { POST as openAsRecipientRoute } from "@/app/api/v1/inbox/[id]/open/route";
import { GET as emailRoute } from "@/app/api/v1/emails/[id]/route";
import { GET as openRoute } from "@/app/t/o/[token]/route";
import { GET as clickRoute } from "@/app/t/c/[token]/route";
import { getDb } from "@/lib/db/client";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

// Viewing a message in the dev inbox is not an open: the HTML the inbox serves
// marks its pixel, and loading that is not counted; the pixel as sent still counts.
const load = (url: string) => {
  const token = /\/t\/o\/([0-9A-Za-z]+)/.exec(url)![1];
  return openRoute(new Request(url, { headers: { "x-forwarded-for": "203.0.113.9" } }), { params: Promise.resolve({ token }) });
};

/** Sends one email from a new account's verified domain, delivers it, and finds its dev-inbox copy. */
async function deliveredToInbox(email: { to: string; subject: string; html: string }, account: { trackOpens?: boolean } = {}) {
  const made = await makeAccount();
  const domain = await makeVerifiedDomain(made.accountId);
  if (account.trackOpens === false) await getDb().account.update({ where: { id: made.accountId }, data: { trackOpens: false } });
  const { key } = made;
  const sent = await call(sendRoute, { method: "POST", path: "/", key, body: { from: `hello@${domain.domain}`, ...email } });
  await runDueFor(made.accountId, [emailSendJob]);
  const listed = await call(inboxRoute, { path: `/api/v1/inbox?email_id=${sent.json.id}`, key });
  return { key, emailId: sent.json.id as string, messageId: listed.json.data[0].id as string };
}

describe("the dev inbox and open tracking", () => {
  it("does not count an open when the inbox shows a message; the pixel as sent does", async () => {
    const { key, emailId, messageId } = await deliveredToInbox({
      to: "reader@example.com",
      subject: "Tracked",
      html: "<p>Hello there</p>",
    });
    const opens = () => getDb().emailEvent.count({ where: { emailId, type: "email.opened" } });

    const message = await call(inboxMessageRoute, { path: "/", key, params: { id: messageId } });
    expect(message.status).toBe(200);
    const shown = [...(message.json.html as string).matchAll(/https?:\/\/[^'"\s)]+\/t\/o\/[0-9A-Za-z]+[^'"\s)]*/g)].map((m) => m[0]);
    expect(shown.length).toBeGreaterThan(0);
    for (const url of shown) {
      expect(url).toMatch(/\?view=inbox$/);
      const res = await load(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/gif");
    }
    expect(await opens()).toBe(0);

    // The message as a mail client gets it (the raw source) still carries the counting pixel.
    const raw = (message.json.raw as string).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const real = /https?:\/\/[^'"\s)]+\/t\/o\/[0-9A-Za-z]+/.exec(raw)![0];
    expect(raw).not.toContain("view=inbox");
    expect((await load(real)).status).toBe(200);
    expect(await opens()).toBe(1);
  });

  it("opens a message as its recipient (one open, through the tracker) and follows its tracked link (a click, then the original URL)", async () => {
    const {
      key,
      emailId,
      messageId: id,
    } = await deliveredToInbox({
      to: "ada@example.com",
      subject: "Read me",
      html: '<p>Hello</p><p><a href="https://docs.example.com/start?ref=mail">Get started</a></p>',
    });
    const events = async (type: string) => getDb().emailEvent.count({ where: { emailId, type } });

    const message = await call(inboxMessageRoute, { path: "/", key, params: { id } });
    expect(message.json.tracking).toEqual({ recipient: "ada@example.com", open: "pixel", trackedLinks: 1 });

    const hit = { "x-forwarded-for": "203.0.113.20", "user-agent": "Dashboard test" };
    const opened = await call(openAsRecipientRoute, { method: "POST", path: "/", key, params: { id }, headers: hit });
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({ id, emailId: emailId, recipient: "ada@example.com", outcome: "counted" });
    expect(opened.json.message).toBe("Counted as an open by ada@example.com.");
    expect(await events("email.opened")).toBe(1);
    const afterOpen = await call(emailRoute, { path: "/", key, params: { id: emailId } });
    expect(afterOpen.json.last_event).toBe("email.opened");
    expect(afterOpen.json.events.filter((e: { type: string }) => e.type === "email.opened")).toHaveLength(1);

    // A second press within the minute is a mail client reloading the pixel: nothing more.
    const again = await call(openAsRecipientRoute, { method: "POST", path: "/", key, params: { id }, headers: hit });
    expect(again.json.outcome).toBe("repeat");
    expect(await events("email.opened")).toBe(1);

    // The link in the stored inbox HTML goes through the click tracker to the original URL.
    const link = /https?:\/\/[^'"\s]+\/t\/c\/([0-9A-Za-z]+)/.exec(message.json.html as string)!;
    const followed = await clickRoute(new Request(link[0], { headers: hit }), { params: Promise.resolve({ token: link[1] }) });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("https://docs.example.com/start?ref=mail");
    expect(await events("email.clicked")).toBe(1);
    const afterClick = await call(emailRoute, { path: "/", key, params: { id: emailId } });
    expect(afterClick.json.last_event).toBe("email.clicked");
    expect(await events("email.opened")).toBe(1);
  });

  it("counts nothing, and says why, for a copy without an open pixel", async () => {
    const {
      key,
      emailId,
      messageId: id,
    } = await deliveredToInbox({ to: "grace@example.com", subject: "Untracked", html: "<p>Hello</p>" }, { trackOpens: false });
    const message = await call(inboxMessageRoute, { path: "/", key, params: { id } });
    expect(message.json.tracking).toMatchObject({ recipient: "grace@example.com", open: "tracking_off" });
    const opened = await call(openAsRecipientRoute, { method: "POST", path: "/", key, params: { id } });
    expect(opened.json).toMatchObject({ outcome: "tracking_off", recipient: "grace@example.com" });
    expect(opened.json.message).toMatch(/^Nothing counted: open tracking is off/);
    expect(await getDb().emailEvent.count({ where: { emailId: emailId, type: "email.opened" } })).toBe(0);

    // Another account's message is not found.
    const other = await makeAccount();
    expect((await call(openAsRecipientRoute, { method: "POST", path: "/", key: other.key, params: { id } })).status).toBe(404);
  });
});
