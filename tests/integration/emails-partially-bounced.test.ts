import { describe, expect, it } from "vitest";
import { POST as sendRoute, GET as listRoute } from "@/app/api/v1/emails/route";
import { GET as getRoute } from "@/app/api/v1/emails/[id]/route";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

// "Partially bounced": some recipients of an email bounced and some did not. The
// status summarises the rest (delivered here); partially_bounced says so, in list and detail.
describe("partially_bounced", () => {
  it("is true where some but not all recipients bounced, in the list and the detail", async () => {
    const account = await makeAccount();
    const domain = await makeVerifiedDomain(account.accountId);
    const { key } = account;
    const from = `hello@${domain.domain}`;
    const send = (to: string[]) =>
      call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body: { from, to, subject: to.join(","), text: "x" } });
    // Two bounced addresses (labels), so one email's bounce, which suppresses its address, never
    // turns the other's recipient into `suppressed` when a poller of a test file running beside
    // this one claims the emails' jobs in separate runs.
    const mixed = await send(["delivered@simulator.test", "bounced+mixed@simulator.test"]);
    const allBounced = await send(["bounced+all@simulator.test"]);
    const allDelivered = await send(["delivered@simulator.test", "someone@real.example"]);
    await runDueFor(account.accountId, [emailSendJob]);

    const detail = async (id: string) => (await call(getRoute, { path: "/", key, params: { id } })).json;
    const mixedDetail = await detail(mixed.json.id);
    expect(mixedDetail).toMatchObject({ status: "delivered", partially_bounced: true });
    expect(mixedDetail.recipients.map((r: { status: string }) => r.status).sort()).toEqual(["bounced", "delivered"]);
    expect(await detail(allBounced.json.id)).toMatchObject({ status: "bounced", partially_bounced: false });
    expect(await detail(allDelivered.json.id)).toMatchObject({ status: "delivered", partially_bounced: false });

    const list = await call(listRoute, { path: "/api/v1/emails?limit=10", key });
    expect(list.status).toBe(200);
    const flags = Object.fromEntries(list.json.data.map((e: { id: string; partially_bounced: boolean }) => [e.id, e.partially_bounced]));
    expect(flags).toEqual({ [mixed.json.id]: true, [allBounced.json.id]: false, [allDelivered.json.id]: false });
  });
});
