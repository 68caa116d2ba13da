import { describe, expect, it } from "vitest";
import { onboardingPaths, type OnboardingProgress } from "./onboarding-steps";

const fresh: OnboardingProgress = {
  hasContacts: false,
  hasAutomation: false,
  hasBroadcast: false,
  hasOpens: false,
  hasApiKey: false,
  hasEmail: false,
  verifiedDomain: null,
  pendingDomain: null,
  hasWebhook: false,
};

describe("onboardingPaths", () => {
  it("gives the marketer path, then the developer path, each in its one order", () => {
    const paths = onboardingPaths(fresh);
    expect(paths.map((p) => p.id)).toEqual(["marketer", "developer"]);
    expect(paths[0].steps.map((s) => s.title)).toEqual([
      "Import or add contacts",
      "Start an automation from a scenario",
      "Send a broadcast",
      "See the opens",
    ]);
    expect(paths[1].steps.map((s) => s.title)).toEqual([
      "Create an API key",
      "Send an email with the printed cURL",
      "Verify a domain",
      "Add a webhook",
    ]);
    expect(paths.map((p) => [p.doneCount, p.next])).toEqual([
      [0, "contacts"],
      [0, "api-key"],
    ]);
  });

  it("names the records the domain page asks for: MX and SPF required, DKIM and DMARC recommended", () => {
    const domain = onboardingPaths(fresh)[1].steps.find((s) => s.id === "domain")!;
    expect(domain.text).toContain("MX and SPF records (required)");
    expect(domain.text).toContain("DKIM and DMARC records (recommended)");
    expect([domain.href, domain.action]).toEqual(["/domains", "Add a domain"]);
  });

  it("marks each step done from the account's records and moves 'next' past them", () => {
    const paths = onboardingPaths({ ...fresh, hasContacts: true, hasAutomation: true, hasApiKey: true, hasEmail: true });
    const [marketer, developer] = paths;
    expect(marketer.steps.map((s) => s.done)).toEqual([true, true, false, false]);
    expect([marketer.doneCount, marketer.next]).toEqual([2, "broadcast"]);
    expect(developer.steps.map((s) => s.done)).toEqual([true, true, false, false]);
    expect([developer.doneCount, developer.next]).toEqual([2, "domain"]);
    // A done step links to where its results are, not to doing it again.
    expect(marketer.steps[1]).toMatchObject({ href: "/automations", action: "View automations" });
    expect(developer.steps[1]).toMatchObject({ href: "/emails", action: "View emails" });
  });

  it("sends an unfinished domain to its own page and a verified one to the list", () => {
    const pending = onboardingPaths({ ...fresh, pendingDomain: { id: "dom_1", domain: "acme.test" } })[1].steps[2];
    expect(pending).toMatchObject({ done: false, href: "/domains/dom_1", action: "Finish verifying acme.test" });
    const verified = onboardingPaths({ ...fresh, verifiedDomain: "acme.test", pendingDomain: { id: "dom_2", domain: "b.test" } })[1]
      .steps[2];
    expect(verified).toMatchObject({ done: true, href: "/domains", action: "Manage domains" });
    expect(verified.text).toContain("acme.test");
  });

  it("has no next step once every step is done", () => {
    const all = onboardingPaths({
      ...fresh,
      hasContacts: true,
      hasAutomation: true,
      hasBroadcast: true,
      hasOpens: true,
      hasApiKey: true,
      hasEmail: true,
      verifiedDomain: "acme.test",
      hasWebhook: true,
    });
    expect(all.map((p) => [p.doneCount, p.next])).toEqual([
      [4, null],
      [4, null],
    ]);
  });
});
