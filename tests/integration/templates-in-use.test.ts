import { describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { DELETE as cancelRoute } from "@/app/api/v1/emails/[id]/route";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { DELETE as deleteTemplateRoute, GET as getTemplateRoute } from "@/app/api/v1/templates/[id]/route";
import { now } from "@/lib/clock/clock";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

// Deleting a template a scheduled or queued email will render is a 409.
describe("DELETE /templates/:id while an email waits to render it", () => {
  it("409s for a scheduled or queued email, and deletes once they are sent or cancelled", async () => {
    const account = await makeAccount();
    const domain = await makeVerifiedDomain(account.accountId);
    const { key } = account;
    const template = await call(createTemplateRoute, {
      method: "POST",
      path: "/",
      key,
      body: { name: "T", subject: "Hi {{name}}", htmlBody: "<p>x</p>" },
    });
    const id = template.json.id as string;
    const send = async (extra: Record<string, unknown> = {}) => {
      const res = await call(sendRoute, {
        method: "POST",
        path: "/",
        key,
        body: { from: `hello@${domain.domain}`, to: "delivered@simulator.test", template_id: id, variables: { name: "Ann" }, ...extra },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json.id as string;
    };
    const remove = () => call(deleteTemplateRoute, { method: "DELETE", path: "/", key, params: { id } });

    const queued = await send();
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain(queued);
    await runDueFor(account.accountId, [emailSendJob]);

    const scheduled = await send({ scheduled_at: new Date(now().getTime() + 3600_000).toISOString() });
    const again = await remove();
    expect(again.status).toBe(409);
    expect(again.json.error.message).toContain(`scheduled email ${scheduled}`);
    expect((await call(getTemplateRoute, { path: "/", key, params: { id } })).status).toBe(200);

    expect((await call(cancelRoute, { method: "DELETE", path: "/", key, params: { id: scheduled } })).status).toBe(200);
    const deleted = await remove();
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id, deleted: true });
  });
});
