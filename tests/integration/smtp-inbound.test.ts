import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as getRoute } from "@/app/api/v1/emails/[id]/route";
import { getDb } from "@/lib/db/client";
import { deliverEmail } from "@/lib/emails/deliver-email";
import { startSmtpRelay, type SmtpRelay } from "@/lib/relay/relay-server";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";

let relay: SmtpRelay;

beforeAll(async () => {
  relay = await startSmtpRelay({ port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await relay.close();
});

/** An email sent through the API and delivered (dev inbox), with its recipients' VERP addresses. */
async function deliveredEmail(recipients: string[]) {
  const account = await makeAccount();
  const { domain } = await makeVerifiedDomain(account.accountId);
  const res = await call(sendRoute, {
    method: "POST",
    path: "/api/v1/emails",
    key: account.key,
    body: { from: `Acme <news@${domain}>`, to: recipients, subject: "Spring news", text: "hello" },
  });
  expect(res.status).toBe(201);
  await deliverEmail(res.json.id);
  const rows = await getDb().emailRecipient.findMany({ where: { emailId: res.json.id } });
  const verp = (email: string) => `bounce+${rows.find((r) => r.email === email)!.verpToken}@send.${domain}`;
  return { ...account, domain, id: res.json.id as string, verp };
}

/** A remote MTA or feedback loop: no AUTH, null or foreign sender. */
function deliverReport(to: string, raw: string, from = "") {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: relay.port, secure: false, ignoreTLS: true });
  return transport.sendMail({ envelope: { from, to: [to] }, raw: raw.replace(/\r?\n/g, "\r\n") });
}

const dsn = (
  to: string,
  recipient: string,
  action: string,
  status: string,
  diagnostic: string,
) => `From: Mail Delivery System <MAILER-DAEMON@mx.remote.example>
To: ${to}
Subject: Undelivered Mail Returned to Sender
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
 boundary="dsn-boundary"

--dsn-boundary
Content-Type: text/plain

Your message could not be delivered.

--dsn-boundary
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.remote.example
Arrival-Date: Sat, 21 Nov 2026 10:00:00 +0000

Final-Recipient: rfc822; ${recipient}
Original-Recipient: rfc822;${recipient}
Action: ${action}
Status: ${status}
Remote-MTA: dns; mailbox.remote.example
Diagnostic-Code: smtp; ${diagnostic}

--dsn-boundary
Content-Type: text/rfc822-headers

From: Acme <news@example.test>
Subject: Spring news

--dsn-boundary--
`;

const arf = (to: string, recipient: string) => `From: Feedback Loop <fbl@isp.example>
To: ${to}
Subject: FW: Spring news
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report; boundary="arf-boundary"

--arf-boundary
Content-Type: text/plain

This is an email abuse report.

--arf-boundary
Content-Type: message/feedback-report

Feedback-Type: abuse
User-Agent: ExampleFBL/1.0
Version: 1
Original-Rcpt-To: ${recipient}
Arrival-Date: Sat, 21 Nov 2026 10:00:00 +0000

--arf-boundary
Content-Type: message/rfc822

From: Acme <news@example.test>
To: ${recipient}
Subject: Spring news

hello
--arf-boundary--
`;

const eventsOf = async (s: { key: string; id: string }) =>
  (await call(getRoute, { path: `/api/v1/emails/${s.id}`, key: s.key, params: { id: s.id } })).json;

describe("inbound reports on the SMTP port", () => {
  it("a hard DSN to a VERP address bounces that recipient and suppresses it", async () => {
    const s = await deliveredEmail(["gone@remote.example", "fine@remote.example"]);
    const info = await deliverReport(
      s.verp("gone@remote.example"),
      dsn(
        s.verp("gone@remote.example"),
        "gone@remote.example",
        "failed",
        "5.1.1",
        "550 5.1.1 <gone@remote.example>: Recipient address rejected: User unknown",
      ),
    );
    expect(info.response).toMatch(/bounce report recorded/);
    const email = await eventsOf(s);
    expect(email.recipients).toEqual([
      { email: "gone@remote.example", type: "to", status: "bounced" },
      { email: "fine@remote.example", type: "to", status: "delivered" },
    ]);
    const bounced = email.events.filter((e: { type: string }) => e.type === "email.bounced");
    expect(bounced).toHaveLength(1);
    expect(bounced[0].recipient).toBe("gone@remote.example");
    expect(bounced[0].data.bounce).toMatchObject({ type: "hard", code: 550, status: "5.1.1" });
    expect(bounced[0].data.bounce.message).toMatch(/User unknown/);
    const suppression = await getDb().suppression.findMany({ where: { accountId: s.accountId } });
    expect(suppression.map((x) => [x.email, x.reason])).toEqual([["gone@remote.example", "hard_bounce"]]);

    // The same DSN again changes nothing.
    await deliverReport(
      s.verp("gone@remote.example"),
      dsn(s.verp("gone@remote.example"), "gone@remote.example", "failed", "5.1.1", "550 user unknown"),
    );
    expect((await eventsOf(s)).events.filter((e: { type: string }) => e.type === "email.bounced")).toHaveLength(1);
  });

  it("a 4.x.x DSN is a soft bounce: recorded, not suppressed", async () => {
    const s = await deliveredEmail(["full@remote.example"]);
    await deliverReport(
      s.verp("full@remote.example"),
      dsn(s.verp("full@remote.example"), "full@remote.example", "failed", "4.2.2", "452 4.2.2 mailbox full"),
    );
    const email = await eventsOf(s);
    const bounced = email.events.find((e: { type: string }) => e.type === "email.bounced");
    expect(bounced.data.bounce).toMatchObject({ type: "soft", code: 452, status: "4.2.2" });
    expect(await getDb().suppression.count({ where: { accountId: s.accountId } })).toBe(0);
  });

  it("an ARF report gives email.complaint and suppresses the address", async () => {
    const s = await deliveredEmail(["angry@remote.example"]);
    const info = await deliverReport(
      s.verp("angry@remote.example"),
      arf(s.verp("angry@remote.example"), "angry@remote.example"),
      "fbl@isp.example",
    );
    expect(info.response).toMatch(/complaint report recorded/);
    const email = await eventsOf(s);
    expect(email.status).toBe("complained");
    const complaint = email.events.find((e: { type: string }) => e.type === "email.complaint");
    expect(complaint).toMatchObject({ recipient: "angry@remote.example", data: { feedback_type: "abuse" } });
    const suppression = await getDb().suppression.findMany({ where: { accountId: s.accountId } });
    expect(suppression.map((x) => [x.email, x.reason])).toEqual([["angry@remote.example", "complaint"]]);
  });

  it("refuses to relay without AUTH, and refuses unknown bounce tokens", async () => {
    const s = await deliveredEmail(["x@remote.example"]);
    const relayAttempt = await deliverReport(
      "victim@elsewhere.example",
      "From: a@b.example\nSubject: spam\n\nbuy now\n",
      "a@b.example",
    ).catch((e) => e);
    expect(relayAttempt.responseCode).toBe(530);
    const unknown = await deliverReport(
      `bounce+nosuchtoken@send.${s.domain}`,
      dsn("x", "x@remote.example", "failed", "5.1.1", "550 no"),
    ).catch((e) => e);
    expect(unknown.responseCode).toBe(550);
    // A VERP token only counts with its own domain.
    const token = /bounce\+(\w+)@/.exec(s.verp("x@remote.example"))![1];
    const wrongDomain = await deliverReport(
      `bounce+${token}@send.other.example`,
      dsn("x", "x@remote.example", "failed", "5.1.1", "550 no"),
    ).catch((e) => e);
    expect(wrongDomain.responseCode).toBe(550);
    expect((await eventsOf(s)).events.some((e: { type: string }) => e.type === "email.bounced")).toBe(false);
  });
});
