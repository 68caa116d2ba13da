import { describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { GET as getAutomationRoute } from "@/app/api/v1/automations/[id]/route";
import { PATCH as patchStepRoute } from "@/app/api/v1/automations/[id]/steps/[stepId]/route";
import { PUT as replaceStepsRoute } from "@/app/api/v1/automations/[id]/steps/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createJourneyRoute } from "@/app/api/v1/resend/automations/route";
import { GET as getJourneyRoute, PATCH as updateJourneyRoute } from "@/app/api/v1/resend/automations/[id]/route";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { designSchema, type DesignInput } from "@/lib/templates/design";
import { renderDesignHtml } from "@/lib/templates/render-design-html";
import { starterDesign } from "@/lib/templates/starter-design";
import { call } from "../helpers/api";
import { engineAccount } from "../helpers/automation-engine";
import { runDueFor } from "../helpers/jobs";

// Automation and journey step emails made in the visual editor (the design stored beside the
// HTML rendered from it), and a template step's typed fallbacks reaching the received message.

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

/** The starter design with its heading's text replaced. */
const designWith = (heading: string): DesignInput => {
  const design = starterDesign();
  const doc = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: heading }] }] };
  return { ...design, blocks: design.blocks.map((b) => (b.type === "heading" ? { ...b, content: doc } : b)) as DesignInput["blocks"] };
};
const htmlOf = (design: DesignInput) => renderDesignHtml(designSchema.parse(design));

type Step = { id: string; subject: string | null; bodyHtml: string | null; templateId: string | null; design: unknown };

describe("step emails made in the visual editor", () => {
  it("a linear step stores its design beside the bodyHtml rendered from it; HTML by hand drops it", async () => {
    const s = await engineAccount();
    const design = designWith("Welcome {{name}}");
    const created = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Designed",
        from: s.from,
        triggerType: "event",
        triggerConfig: { eventName: "signed_up" },
        steps: [{ delayMinutes: 0, subject: "Hi {{name}}", design }],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as string;
    const [step] = created.json.steps as Step[];
    expect(step.design).toEqual(designSchema.parse(design));
    expect(step.bodyHtml).toBe(htmlOf(design));
    expect(step.bodyHtml).toContain("Welcome {{name}}");

    // The graph view carries it in the send_email config, and saving that graph back keeps it.
    const graph = await call(getJourneyRoute, { path: "/", key: s.key, params: { id } });
    const send = (graph.json.steps as { type: string; config: Record<string, unknown> }[]).find((x) => x.type === "send_email")!;
    expect(send.config.design).toEqual(step.design);
    const saved = await call(updateJourneyRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id },
      body: { steps: graph.json.steps, connections: graph.json.connections },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const afterGraph = (await call(getAutomationRoute, { path: "/", key: s.key, params: { id } })).json.steps as Step[];
    expect(afterGraph[0].design).toEqual(step.design);
    expect(afterGraph[0].bodyHtml).toBe(step.bodyHtml);

    // A new design replaces the HTML (any bodyHtml sent with it is replaced by the rendered one).
    const next = designWith("Hello again");
    const patched = await call(patchStepRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id, stepId: afterGraph[0].id },
      body: { design: next, bodyHtml: "<p>ignored</p>" },
    });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    expect(patched.json.bodyHtml).toBe(htmlOf(next));
    expect(patched.json.design).toEqual(designSchema.parse(next));

    // design null keeps the HTML (code from then on); HTML by hand then stays exactly as sent.
    const code = await call(patchStepRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id, stepId: afterGraph[0].id },
      body: { design: null },
    });
    expect(code.json).toMatchObject({ design: null, bodyHtml: htmlOf(next) });
    const handHtml = '<div><p>Hand <b>made</b></p><a href="{{{unsubscribe_url}}}">x</a></div>';
    const byHand = await call(replaceStepsRoute, {
      method: "PUT",
      path: "/",
      key: s.key,
      params: { id },
      body: {
        steps: [
          { id: afterGraph[0].id, bodyHtml: handHtml },
          { delayMinutes: 60, subject: "Two", design: designWith("Two") },
        ],
      },
    });
    expect(byHand.status, JSON.stringify(byHand.json)).toBe(200);
    const [first, second] = byHand.json.steps as Step[];
    expect(first).toMatchObject({ bodyHtml: handHtml, design: null });
    expect(second.design).toEqual(designSchema.parse(designWith("Two")));
    expect(second.bodyHtml).toBe(htmlOf(designWith("Two")));
  });

  it("answers 400 naming the design for one it cannot store, on steps and journey configs", async () => {
    const s = await engineAccount();
    const tooMany = { ...starterDesign(), blocks: Array.from({ length: 500 }, () => ({ type: "divider" })) };
    const bad = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Bad",
        from: s.from,
        triggerType: "event",
        triggerConfig: { eventName: "x" },
        steps: [{ delayMinutes: 0, subject: "Hi", design: tooMany }],
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json.error)).toContain("design");
    const notADesign = await call(createJourneyRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Bad journey",
        from: s.from,
        steps: [
          { key: "start", type: "trigger", config: { event_name: "x" } },
          { key: "mail", type: "send_email", config: { subject: "Hi", design: { blocks: "no" } } },
        ],
        connections: [{ from: "start", to: "mail", type: "default" }],
      },
    });
    expect(notADesign.status).toBe(400);
    expect(JSON.stringify(notADesign.json)).toContain("steps[mail].config.design");
  });

  it("a journey's send_email step round-trips its design, and the email sent is the design's HTML", async () => {
    const s = await engineAccount();
    const design = designWith("Journey {{name}}");
    const steps = [
      { key: "start", type: "trigger", config: { event_name: "joined" } },
      { key: "a", type: "condition", config: { type: "rule", field: "plan", operator: "exists" } },
      { key: "mail", type: "send_email", config: { subject: "For {{name}}", design } },
      { key: "other", type: "send_email", config: { subject: "Plain", html: "<p>plain</p>" } },
    ];
    const connections = [
      { from: "start", to: "a", type: "default" },
      { from: "a", to: "mail", type: "condition_met" },
      { from: "a", to: "other", type: "condition_not_met" },
    ];
    const created = await call(createJourneyRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "J", from: s.from, steps, connections },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as string;
    const read = await call(getJourneyRoute, { path: "/", key: s.key, params: { id } });
    const mail = (read.json.steps as { key: string; config: Record<string, unknown> }[]).find((x) => x.key === "mail")!;
    expect(mail.config.design).toEqual(designSchema.parse(design));
    expect(mail.config.html).toBe(htmlOf(design));
    const other = (read.json.steps as { key: string; config: Record<string, unknown> }[]).find((x) => x.key === "other")!;
    expect(other.config).toEqual({ subject: "Plain", html: "<p>plain</p>" });

    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id } })).status).toBe(200);
    const to = address("ann");
    await s.event(to, "joined", { plan: "pro" });
    await runDueFor(s.accountId, [advanceEnrollmentJob, emailSendJob]);
    const [email] = await s.emails(id);
    const received = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: email.id } });
    expect(received.html).toContain("Journey ");
    expect(received.html).not.toContain("{{name}}");
  });
});

describe("typed fallbacks in automation emails", () => {
  async function templateWithFallback(s: Awaited<ReturnType<typeof engineAccount>>) {
    const created = await call(createTemplateRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: `Fallback ${randomBase62(4)}`, subject: "Plan {{plan}}", htmlBody: "<p>Your plan: {{plan}}, seats: {{seats}}</p>" },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    // Typed variables as the resend SDK's templates.create stores them.
    await getDb().template.update({
      where: { id: created.json.id },
      data: {
        typedVariables: [
          { key: "plan", type: "string", fallback_value: "Starter" },
          { key: "seats", type: "number", fallback_value: 3 },
        ],
      },
    });
    return created.json.id as string;
  }

  it("a linear step's template fills a property the contact lacks with its fallback; the contact's own value wins", async () => {
    const s = await engineAccount();
    const templateId = await templateWithFallback(s);
    const created = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Plans",
        from: s.from,
        triggerType: "event",
        triggerConfig: { eventName: "go" },
        steps: [{ delayMinutes: 0, templateId }],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as string;
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id } })).status).toBe(200);
    const bare = address("bare");
    const pro = address("pro");
    await s.event(bare, "go");
    await getDb().contact.create({
      data: { id: `con_${randomBase62(16)}`, accountId: s.accountId, email: pro, properties: { plan: "Pro" } },
    });
    await s.event(pro, "go");
    await runDueFor(s.accountId, [advanceEnrollmentJob, emailSendJob]);
    const emails = await s.emails(id);
    expect(emails).toHaveLength(2);
    const byTo = new Map(
      await Promise.all(
        emails.map(async (e) => [e.to[0], await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: e.id } })] as const),
      ),
    );
    expect(byTo.get(bare)!.subject).toBe("Plan Starter");
    expect(byTo.get(bare)!.html).toContain("Your plan: Starter, seats: 3");
    expect(byTo.get(pro)!.subject).toBe("Plan Pro");
    expect(byTo.get(pro)!.html).toContain("Your plan: Pro, seats: 3");
  });

  it("a journey's send_email step with a template uses the fallback for a contact without the property", async () => {
    const s = await engineAccount();
    const templateId = await templateWithFallback(s);
    const created = await call(createJourneyRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "J",
        from: s.from,
        steps: [
          { key: "start", type: "trigger", config: { event_name: "go" } },
          { key: "mail", type: "send_email", config: { template: { id: templateId } } },
        ],
        connections: [{ from: "start", to: "mail", type: "default" }],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as string;
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id } })).status).toBe(200);
    const to = address("bare");
    await s.event(to, "go");
    await runDueFor(s.accountId, [advanceEnrollmentJob, emailSendJob]);
    const [email] = await s.emails(id);
    expect(email, "the journey sent its email").toBeTruthy();
    const received = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: email.id } });
    expect(received.subject).toBe("Plan Starter");
    expect(received.html).toContain("Your plan: Starter, seats: 3");
  });
});
