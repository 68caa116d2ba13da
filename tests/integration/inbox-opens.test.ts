import { describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as inboxRoute } from "@/app/api/v1/inbox/route";
import { GET as inboxMessageRoute } from "@/app/api/v1/inbox/[id]/route";
import { GET as openRoute } from "@/app/t/o/[token]/route";
import { getDb } from "@/lib/db/client";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

// Viewing a message in the dev inbox is not an open (issue 16.5): the HTML the inbox serves
// marks its pixel, and loading that is not counted; the pixel as sent still counts.
const load = (url: string) => {
  const token = /\/t\/o\/([0-9A-Za-z]+)/.exec(url)![1];
  return openRoute(new Request(url, { headers: { "x-forwarded-for": "203.0.113.9" } }), { params: Promise.resolve({ token }) });
};

describe("the dev inbox and open tracking", () => {
  it("does not count an open when the inbox shows a message; the pixel as sent does", async () => {
    const account = await makeAccount();
    const domain = await makeVerifiedDomain(account.accountId);
    const { key } = account;
    const sent = await call(sendRoute, {
      method: "POST",
      path: "/",
      key,
      body: { from: `hello@${domain.domain}`, to: "reader@example.com", subject: "Tracked", html: "<p>Hello there</p>" },
    });
    await runDueFor(account.accountId, [emailSendJob]);
    const opens = () => getDb().emailEvent.count({ where: { emailId: sent.json.id, type: "email.opened" } });

    const listed = await call(inboxRoute, { path: `/api/v1/inbox?email_id=${sent.json.id}`, key });
    const message = await call(inboxMessageRoute, { path: "/", key, params: { id: listed.json.data[0].id } });
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
});
