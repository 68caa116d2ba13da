import { Resend } from "resend";
import { expect, test } from "./fixtures";

// The production server (Next), not a stand-in: a path under /api/v1 that no route serves, or a
// method its route does not take, answers the documented JSON error, which the Resend SDK
// reports by its code and message (Next's own HTML 404 page and empty 405 read as
// "Internal server error").

test("[API]: an unknown path is a JSON not_found and a wrong method a JSON method_not_allowed, as the Resend SDK reports them", async ({
  request,
  baseURL,
}) => {
  const unknown = await request.get("/api/v1/oauth/grants");
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()["content-type"]).toMatch(/^application\/json/);
  expect(await unknown.json()).toMatchObject({
    error: { code: "not_found", message: "no API route at /api/v1/oauth/grants" },
    name: "not_found",
    statusCode: 404,
  });
  expect((await request.post("/api/v1/emails/em_1/attachments", { data: {} })).status()).toBe(404);

  const wrong = await request.put("/api/v1/domains/dom_1", { data: {} });
  expect(wrong.status()).toBe(405);
  expect(wrong.headers()["allow"]).toBe("DELETE, GET, HEAD, OPTIONS, PATCH");
  expect(await wrong.json()).toMatchObject({ error: { code: "method_not_allowed" }, name: "method_not_allowed", statusCode: 405 });
  // A literal segment wins over an id: /emails/batch is POST only.
  expect((await request.get("/api/v1/emails/batch")).status()).toBe(405);

  const resend = new Resend("mw_not_a_real_key", { baseUrl: `${baseURL}/api/v1` });
  const grants = await resend.oauthGrants.list();
  expect(grants.error).toMatchObject({ name: "not_found", statusCode: 404, message: "no API route at /api/v1/oauth/grants" });
  const update = await resend.apiKeys.update("key_1", { name: "renamed" });
  expect(update.error).toMatchObject({
    name: "method_not_allowed",
    statusCode: 405,
    message: "PATCH is not allowed on /api/v1/api-keys/key_1; it takes DELETE",
  });
});
