import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import { GET as scenariosRoute } from "@/app/api/v1/automation-scenarios/route";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { GET as listListsRoute, POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { PATCH as patchContactRoute } from "@/app/api/v1/contacts/[id]/route";
import { POST as createBroadcastRoute } from "@/app/api/v1/broadcasts/route";
import { POST as sendBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/send/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { sendBroadcastJob } from "@/lib/broadcasts/send-broadcast-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { starterDesign } from "@/lib/templates/starter-design";

// Mail that inboxes take: SpamAssassin's own rules, offline (-L: no network tests),
// score what Mailwright delivers. Needs Debian's spamassassin package (apt-get install -y spamassassin).

const FLAGGED = ["MIME_HTML_ONLY", "HTML_MIME_NO_HTML_TAG", "HTML_IMAGE_ONLY_08"];

function spamAssassin(raw: string): Promise<{ score: number; tests: string[] }> {
  return new Promise((resolve, reject) => {
    const child = execFile("spamassassin", ["-L", "-t"], { maxBuffer: 16 * 1024 * 1024, timeout: 60_000 }, (error, stdout) => {
      if (error) return reject(new Error(`spamassassin failed (install it: apt-get install -y spamassassin): ${error.message}`));
      // X-Spam-Status: No, score=0.3 required=5.0 tests=A,B,\n\tC autolearn=... (folded)
      const header = /^X-Spam-Status: ([\s\S]*?)\r?\n(?!\s)/m.exec(stdout)?.[1].replace(/\s+/g, " ").replace(/, /g, ",");
      const score = header ? /score=(-?[\d.]+)/.exec(header) : null;
      if (!header || !score) return reject(new Error(`no X-Spam-Status in spamassassin's output:\n${stdout.slice(0, 2000)}`));
      const tests = /tests=(\S*)/.exec(header)?.[1].split(",").filter(Boolean) ?? [];
      resolve({ score: Number(score[1]), tests });
    });
    child.stdin!.end(raw);
  });
}

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function setup() {
  const account = await makeAccount();
  // A random run of consonants in the From domain is a rule of its own (FROM_DOMAIN_NOVOWEL).
  const domain = await makeVerifiedDomain(account.accountId, `acme-${randomBase62(6).toLowerCase()}.example`);
  await getDb().account.update({
    where: { id: account.accountId },
    data: { companyName: "Acme", rateLimitPerSecond: 1000, rateLimitBurst: 1000 },
  });
  // Broadcasts and journey emails are sent in the default layout: a full one is scored.
  await getDb().layout.updateMany({
    where: { accountId: account.accountId, isDefault: true },
    data: {
      headerText: "Acme",
      footerText: "You get this email because you signed up at Acme.",
      address: "1 Main Street\nSpringfield, 12345",
    },
  });
  return { ...account, from: `Acme <hello@${domain.domain}>` };
}

/** Makes a contact meet a scenario's trigger, through the API. */
async function trigger(key: string, scenario: { triggerType: string; triggerConfig: Record<string, string> }, email: string) {
  const config = scenario.triggerConfig;
  if (scenario.triggerType === "list_join") {
    // The list exists already when the automation was activated (activation needs it).
    const found = await call(listListsRoute, { path: `/?search=${encodeURIComponent(config.listName)}&limit=100`, key });
    let listId = (found.json.data as { id: string; name: string }[]).find((l) => l.name === config.listName)?.id;
    listId ??= (await call(createListRoute, { method: "POST", path: "/", key, body: { name: config.listName } })).json.id as string;
    await call(addMemberRoute, { method: "POST", path: "/", key, params: { id: listId }, body: { email, name: "Ann" } });
  } else if (scenario.triggerType === "property_equals") {
    await call(createContactRoute, {
      method: "POST",
      path: "/",
      key,
      body: { email, name: "Ann", properties: { [config.property]: config.value } },
    });
  } else {
    const contact = await call(createContactRoute, {
      method: "POST",
      path: "/",
      key,
      body: { email, name: "Ann", properties: config.from ? { [config.property]: config.from } : {} },
    });
    await call(patchContactRoute, {
      method: "PATCH",
      path: "/",
      key,
      params: { id: contact.json.id },
      body: { properties: { [config.property]: config.to ?? "changed" } },
    });
  }
}

describe("spam score", () => {
  it("a scenario's first email, a broadcast and an editor-made email score at most 0.5 with SpamAssassin, with none of the HTML-only rules", async () => {
    const s = await setup();
    const [scenario] = (await call(scenariosRoute, { path: "/?limit=1", key: s.key })).json.data;
    const created = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { ...scenario, id: undefined, industry: undefined, from: s.from },
    });
    expect(created.status).toBe(201);
    if (scenario.triggerType === "list_join") {
      const list = await call(createListRoute, { method: "POST", path: "/", key: s.key, body: { name: scenario.triggerConfig.listName } });
      expect(list.status).toBe(201);
    }
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id: created.json.id } })).status).toBe(200);
    const member = address("ann");
    await trigger(s.key, scenario, member);
    // The first step may wait: make it due now.
    await getDb().enrollment.updateMany({ where: { automationId: created.json.id }, data: { nextStepAt: new Date(Date.now() - 1000) } });
    await getDb().job.updateMany({ where: { accountId: s.accountId, status: "pending" }, data: { runAt: new Date(Date.now() - 1000) } });
    await runDueFor(s.accountId, [advanceEnrollmentJob, emailSendJob]);
    const scenarioEmail = await getDb().email.findFirstOrThrow({ where: { automationId: created.json.id } });

    const list = await call(createListRoute, { method: "POST", path: "/", key: s.key, body: { name: "Newsletter" } });
    await call(addMemberRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      params: { id: list.json.id },
      body: { email: address("bob"), name: "Bob" },
    });
    const broadcast = await call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Spring",
        from: s.from,
        listId: list.json.id,
        subject: "What's new this spring, {{name}}",
        html: '<h1>Spring at Acme</h1><p>Hi {{name}}, three things we shipped this month.</p><p><a href="https://acme.example/blog/spring">Read the post</a></p><p><a href="{{{unsubscribe_url}}}">Unsubscribe</a></p>',
      },
    });
    expect((await call(sendBroadcastRoute, { method: "POST", path: "/", key: s.key, params: { id: broadcast.json.id } })).status).toBe(202);
    await runDueFor(s.accountId, [sendBroadcastJob, emailSendJob, emailSendBatchJob]);
    const broadcastEmail = await getDb().email.findFirstOrThrow({ where: { broadcastId: broadcast.json.id } });

    // An email made in the visual editor (the starter design: heading, greeting with a variable,
    // button, footer with the unsubscribe link and address), sent as a broadcast's content.
    const design = starterDesign();
    design.blocks = design.blocks.map((block) =>
      block.type === "button"
        ? { ...block, href: "https://acme.example/get-started" }
        : block.type === "footer"
          ? { ...block, address: "Acme Inc. · 1 Main Street · Springfield" }
          : block,
    );
    const template = await call(createTemplateRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "Welcome", subject: "Welcome to Acme, {{name}}", design },
    });
    expect(template.status).toBe(201);
    const designed = await call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "Designed", from: s.from, listId: list.json.id, subject: template.json.subject, html: template.json.htmlBody },
    });
    expect(designed.status).toBe(201);
    expect((await call(sendBroadcastRoute, { method: "POST", path: "/", key: s.key, params: { id: designed.json.id } })).status).toBe(202);
    await runDueFor(s.accountId, [sendBroadcastJob, emailSendJob, emailSendBatchJob]);
    const designedEmail = await getDb().email.findFirstOrThrow({ where: { broadcastId: designed.json.id } });

    for (const email of [scenarioEmail, broadcastEmail, designedEmail]) {
      const message = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: email.id } });
      // Scored with the open pixel in both its forms (the cell background, Outlook's <img>).
      const unfolded = message.raw.replace(/=\r?\n/g, "");
      expect(unfolded).toMatch(/background=3D"[^"]*\/t\/o\//);
      expect(unfolded).toMatch(/<!--\[if mso\]><img src=3D"[^"]*\/t\/o\//);
      const result = await spamAssassin(message.raw);
      expect({ email: email.subject, flagged: result.tests.filter((t) => FLAGGED.includes(t)) }).toEqual({
        email: email.subject,
        flagged: [],
      });
      expect(result.score, `${email.subject}: ${result.tests.join(", ")}`).toBeLessThanOrEqual(0.5);
    }
  }, 120_000);
});
