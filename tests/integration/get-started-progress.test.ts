import { describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as openRoute } from "@/app/t/o/[token]/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { allScenarios } from "@/lib/automations/scenarios/list-scenarios";
import { createAutomation } from "@/lib/automations/create-automation";
import { createBroadcast } from "@/lib/broadcasts/create-broadcast";
import { createContact } from "@/lib/contacts/create-contact";
import { getDb } from "@/lib/db/client";
import { createDomain } from "@/lib/domains/create-domain";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { createList } from "@/lib/lists/create-list";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { getStartedProgress } from "@/lib/ui/get-started-progress";
import { onboardingPaths } from "@/lib/ui/onboarding-steps";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

const doneIds = async (accountId: string) =>
  onboardingPaths(await getStartedProgress(accountId)).flatMap((path) => path.steps.filter((s) => s.done).map((s) => s.id));

describe("the first steps' progress, read from the account's records", () => {
  it("marks each step done once its record exists, and only for its own account", async () => {
    const account = await makeAccount();
    const other = await makeAccount();
    const { accountId } = account;

    // A new account: its address for the sandbox sender, and only the key makeAccount made.
    const fresh = await getStartedProgress(accountId);
    expect(fresh.accountEmail).toBe(account.email);
    expect(await doneIds(accountId)).toEqual(["api-key"]);
    // A revoked key is no key.
    await revokeApiKey({ accountId, id: account.keyId });
    expect(await doneIds(accountId)).toEqual([]);
    await revokeApiKey({ accountId: other.accountId, id: other.keyId });

    await createContact({ accountId, input: { email: "ada@example.com" } });
    await createAutomation({ accountId, input: allScenarios[0] as never });
    const list = await createList({ accountId, input: { name: "Newsletter" } });
    const broadcast = await createBroadcast({
      accountId,
      input: { name: "Spring", from: "Acme <hello@acme.test>", subject: "Spring", html: "<p>Hi</p>", listId: list.id },
    });
    // A draft is not a broadcast sent.
    expect(await doneIds(accountId)).toEqual(["contacts", "automation"]);
    await getDb().broadcast.update({ where: { id: broadcast.id }, data: { status: "sent" } });

    // An unverified domain is the one to finish; a verified one completes the step.
    const pending = await createDomain({ accountId, input: { domain: "pending.example" } });
    expect((await getStartedProgress(accountId)).pendingDomain).toEqual({ id: pending.id, domain: "pending.example" });
    const verified = await makeVerifiedDomain(accountId);
    expect((await getStartedProgress(accountId)).verifiedDomain).toBe(verified.domain);

    // Through the real create (its secret encrypted as deliveries read it): the email below is
    // delivered, and its webhook attempt must be one a later test's job run can carry out.
    await createWebhook({ accountId, input: { url: "https://hooks.example.com/mw", events: ["email.delivered"] } });
    expect(await doneIds(accountId)).toEqual(["contacts", "automation", "broadcast", "domain", "webhook"]);

    // An email sent through the API, then opened: the last steps of both paths.
    const sent = await call(sendRoute, {
      method: "POST",
      path: "/",
      key: (await createApiKey({ accountId, input: { name: "send" } })).key,
      body: { from: `hello@${verified.domain}`, to: "reader@example.com", subject: "Hello", html: "<p>Hello there</p>" },
    });
    expect(sent.status).toBe(201);
    await runDueFor(accountId, [emailSendJob]);
    expect(await doneIds(accountId)).toEqual(["contacts", "automation", "broadcast", "api-key", "curl", "domain", "webhook"]);
    const message = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: sent.json.id }, select: { raw: true } });
    const raw = message.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const pixel = /https?:\/\/[^'"\s)]+\/t\/o\/([0-9A-Za-z]+)/.exec(raw)!;
    const opened = await openRoute(new Request(pixel[0], { headers: { "x-forwarded-for": "203.0.113.9" } }), {
      params: Promise.resolve({ token: pixel[1] }),
    });
    expect(opened.status).toBe(200);
    const paths = onboardingPaths(await getStartedProgress(accountId));
    expect(paths.map((path) => [path.id, path.doneCount, path.next])).toEqual([
      ["marketer", 4, null],
      ["developer", 4, null],
    ]);

    // None of it is the other account's.
    expect(await doneIds(other.accountId)).toEqual([]);
  });
});
