import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { authenticate } from "mailauth";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as batchRoute } from "@/app/api/v1/emails/batch/route";
import { GET as getRoute } from "@/app/api/v1/emails/[id]/route";
import { GET as inboxRoute } from "@/app/api/v1/inbox/route";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { smtpTransport } from "@/lib/transports/smtp-transport";
import { startSmtpRelay, type SmtpRelay } from "@/lib/relay/relay-server";
import { call, makeAccount } from "../helpers/api";
import { CLI_TEST_TIMEOUT, runCli } from "../helpers/cli";
import { runDueFor } from "../helpers/jobs";
import { startSmtpReceiver } from "../helpers/smtp-receiver";
import { withEnv } from "../helpers/with-env";

// The sandbox sender: a first email without a verified domain.
const SANDBOX = "onboarding@sandbox.mailwright.test";

type Receiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
let receiver: Receiver;
let relay: SmtpRelay;

// Real delivery: a smarthost (a real SMTP receiver), so the sandbox's recipient rule applies.
const smarthost = () => ({ MAIL_TRANSPORT: "smtp", SMTP_URL: receiver.url });

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  relay = await withEnv({ ...smarthost(), SMTP_ALLOW_INSECURE_AUTH: "1" }, () => startSmtpRelay({ port: 0, host: "127.0.0.1" }));
});

afterAll(async () => {
  await relay.close();
  await smtpTransport.close?.();
  await receiver.close();
});

const send = (key: string, body: unknown) => call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body });
const record = (key: string, id: string) => call(getRoute, { path: "/", key, params: { id } });

describe("the sandbox sender", () => {
  it(
    "sends from SANDBOX_FROM without a domain to the account's own address, DKIM-signed with the service's key",
    async () => {
      const a = await makeAccount();
      const { stdout } = await runCli(["sandbox:dkim"]);
      const printed = JSON.parse(stdout) as { from: string; domain: string; records: { type: string; name: string; value: string }[] };
      expect(printed.from).toBe(SANDBOX);
      expect(printed.domain).toBe("sandbox.mailwright.test");
      const dkim = printed.records.find((r) => r.name.endsWith("._domainkey.sandbox.mailwright.test"))!;
      expect(dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]+$/);

      await withEnv(smarthost(), async () => {
        const res = await send(a.key, { from: `Mailwright <${SANDBOX}>`, to: a.email, subject: "First one", html: "<p>It works</p>" });
        expect(res.status).toBe(201);
        await runDueFor(a.accountId, [emailSendJob]);
        const got = await record(a.key, res.json.id);
        expect(got.json.status).toBe("sent");

        const message = receiver.messages.find((m) => m.rcptTo.includes(a.email))!;
        expect(message.raw.toString()).toContain("Subject: First one");
        const verdict = await authenticate(message.raw, {
          ip: "127.0.0.1",
          helo: "localhost",
          sender: message.mailFrom,
          mta: "receiver.test",
          resolver: async (name: string, type: string) => {
            if (type === "TXT" && name === dkim.name) return [[dkim.value]];
            throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
          },
        });
        expect(verdict.dkim.results[0]?.signingDomain).toBe("sandbox.mailwright.test");
        expect(verdict.dkim.results[0]?.status.result).toBe("pass");
      });
    },
    CLI_TEST_TIMEOUT,
  );

  it("reaches simulator addresses (labels included) and refuses anyone else with 403 sandbox_recipient", async () => {
    const a = await makeAccount();
    await withEnv(smarthost(), async () => {
      const ok = await send(a.key, {
        from: SANDBOX,
        to: ["delivered@simulator.test", "bounced+first-try@simulator.test"],
        subject: "S",
        text: "x",
      });
      expect(ok.status).toBe(201);
      await runDueFor(a.accountId, [emailSendJob]);
      const got = await record(a.key, ok.json.id);
      const status = Object.fromEntries(got.json.recipients.map((r: { email: string; status: string }) => [r.email, r.status]));
      expect(status).toEqual({ "delivered@simulator.test": "delivered", "bounced+first-try@simulator.test": "bounced" });

      const refused = await send(a.key, { from: SANDBOX, to: [a.email], cc: ["stranger@example.com"], subject: "S", text: "x" });
      expect(refused.status).toBe(403);
      expect(refused.json.error.code).toBe("sandbox_recipient");
      expect(refused.json.error.message).toMatch(/verify a domain/);
      expect(refused.json.error.details).toEqual([
        { path: "cc", message: "stranger@example.com cannot receive mail from the sandbox sender" },
      ]);

      const batch = await call(batchRoute, {
        method: "POST",
        path: "/api/v1/emails/batch",
        key: a.key,
        body: [
          { from: SANDBOX, to: a.email, subject: "ok", text: "x" },
          { from: SANDBOX, to: "someone@example.org", subject: "no", text: "x" },
        ],
      });
      expect(batch.status).toBe(403);
      expect(batch.json.error.details[0].path).toBe("1.to");

      // Another address on the sandbox domain is not the sandbox sender: it needs the domain.
      const other = await send(a.key, { from: "ceo@sandbox.mailwright.test", to: a.email, subject: "S", text: "x" });
      expect(other.status).toBe(403);
      expect(other.json.error.code).toBe("domain_not_verified");
    });
  });

  it("sends to anyone with the dev-inbox transport, where nothing leaves the machine", async () => {
    const a = await makeAccount();
    await withEnv({ MAIL_TRANSPORT: "inbox" }, async () => {
      const res = await send(a.key, { from: SANDBOX, to: "friend@example.com", subject: "Hello friend", html: "<p>hi</p>" });
      expect(res.status).toBe(201);
      await runDueFor(a.accountId, [emailSendJob]);
      const inbox = await call(inboxRoute, { path: `/api/v1/inbox?email_id=${res.json.id}`, key: a.key });
      expect(inbox.json.data).toHaveLength(1);
      expect(inbox.json.data[0]).toMatchObject({ to: ["friend@example.com"], subject: "Hello friend" });
    });
  });

  it("works through the SMTP relay, which answers 550 for a recipient the sandbox may not reach", async () => {
    const a = await makeAccount();
    const client = nodemailer.createTransport({
      host: "127.0.0.1",
      port: relay.port,
      secure: false,
      ignoreTLS: true,
      auth: { user: "mailwright", pass: a.key },
    });
    await withEnv(smarthost(), async () => {
      const info = await client.sendMail({ from: SANDBOX, to: a.email, subject: "Via SMTP", text: "hello" });
      const id = /queued as (em_\w+)/.exec(info.response)?.[1];
      expect(id).toMatch(/^em_/);
      await runDueFor(a.accountId, [emailSendJob]);
      expect((await record(a.key, id!)).json.status).toBe("sent");

      const error = await client.sendMail({ from: SANDBOX, to: "stranger@example.com", subject: "No", text: "x" }).then(
        () => null,
        (e: { responseCode?: number; response?: string }) => e,
      );
      expect(error?.responseCode).toBe(550);
      expect(error?.response).toMatch(/sandbox sender.*verify a domain/);
    });
  });
});
