/**
 * The two ways into Mailwright, in one order and one wording for every page that shows them
 * (Get started, the Overview's first-steps panel): a marketer's path and a developer's path,
 * each step done or not from the account's own records.
 */

/** What the steps read from the account (lib/ui/get-started-progress.ts). */
export interface OnboardingProgress {
  hasContacts: boolean;
  hasAutomation: boolean;
  /** A broadcast scheduled, sending or sent (a draft is not one yet). */
  hasBroadcast: boolean;
  /** Whether any email of the account was ever opened. */
  hasOpens: boolean;
  /** An API key not revoked. */
  hasApiKey: boolean;
  /** Whether the account ever sent an email (test sends from the dashboard aside). */
  hasEmail: boolean;
  verifiedDomain: string | null;
  /** The newest unverified domain, to finish verifying. */
  pendingDomain: { id: string; domain: string } | null;
  hasWebhook: boolean;
}

export type OnboardingPathId = "marketer" | "developer";

export type OnboardingStepId = "contacts" | "automation" | "broadcast" | "opens" | "api-key" | "curl" | "domain" | "webhook";

export interface OnboardingStep {
  id: OnboardingStepId;
  title: string;
  /** One or two sentences: what to do, or what is done. */
  text: string;
  done: boolean;
  href: string;
  /** The link's label. */
  action: string;
}

export interface OnboardingPath {
  id: OnboardingPathId;
  title: string;
  summary: string;
  steps: OnboardingStep[];
  doneCount: number;
  /** The first step not done, or null when the path is complete. */
  next: OnboardingStepId | null;
}

/** The domain page's records: MX and SPF decide verification, DKIM and DMARC are recommended. */
export const DOMAIN_RECORDS_SENTENCE = "publish its MX and SPF records (required) and its DKIM and DMARC records (recommended)";

function marketerSteps(p: OnboardingProgress): OnboardingStep[] {
  return [
    {
      id: "contacts",
      title: "Import or add contacts",
      text: p.hasContacts
        ? "Your audience is in. Group people into lists to send them broadcasts."
        : "Import a CSV of the people you write to, or add them one at a time.",
      done: p.hasContacts,
      href: "/contacts",
      action: p.hasContacts ? "View contacts" : "Import or add contacts",
    },
    {
      id: "automation",
      title: "Start an automation from a scenario",
      text: p.hasAutomation
        ? "Once active, it sends each contact who joins its emails on schedule."
        : "Pick a ready-made sequence (welcome, onboarding, win-back) and make it yours.",
      done: p.hasAutomation,
      href: p.hasAutomation ? "/automations" : "/automations/scenarios",
      action: p.hasAutomation ? "View automations" : "Browse scenarios",
    },
    {
      id: "broadcast",
      title: "Send a broadcast",
      text: p.hasBroadcast ? "Your broadcast went out to its list." : "Write one email and send it to a list, now or at a set time.",
      done: p.hasBroadcast,
      href: p.hasBroadcast ? "/broadcasts" : "/broadcasts/new",
      action: p.hasBroadcast ? "View broadcasts" : "New broadcast",
    },
    {
      id: "opens",
      title: "See the opens",
      text: p.hasOpens
        ? "Opens are coming in: follow them, and clicks, on the Overview."
        : "The Overview charts deliveries, opens and clicks as they arrive.",
      done: p.hasOpens,
      href: "/overview",
      action: "Open the Overview",
    },
  ];
}

function developerSteps(p: OnboardingProgress): OnboardingStep[] {
  return [
    {
      id: "api-key",
      title: "Create an API key",
      text: "Every API request and SMTP login is authenticated with a key. You see its value once.",
      done: p.hasApiKey,
      href: "/api-keys",
      action: p.hasApiKey ? "Manage API keys" : "Create API key",
    },
    {
      id: "curl",
      title: "Send an email with the printed cURL",
      text: p.hasEmail
        ? "Your first email is out. Follow its delivery, opens and clicks in the log."
        : "No domain needed for a first email: the sandbox sender may always send to your own address.",
      done: p.hasEmail,
      href: p.hasEmail ? "/emails" : "/dashboard#curl",
      action: p.hasEmail ? "View emails" : "Copy the cURL",
    },
    {
      id: "domain",
      title: "Verify a domain",
      text: p.verifiedDomain
        ? `You can send from any address on ${p.verifiedDomain}.`
        : `Add the domain you send from and ${DOMAIN_RECORDS_SENTENCE}.`,
      done: p.verifiedDomain !== null,
      href: p.pendingDomain && !p.verifiedDomain ? `/domains/${p.pendingDomain.id}` : "/domains",
      action: p.verifiedDomain ? "Manage domains" : p.pendingDomain ? `Finish verifying ${p.pendingDomain.domain}` : "Add a domain",
    },
    {
      id: "webhook",
      title: "Add a webhook",
      text: p.hasWebhook
        ? "Your app hears about deliveries, bounces and opens as they happen."
        : "Have deliveries, bounces and opens posted to your app.",
      done: p.hasWebhook,
      href: "/webhooks",
      action: p.hasWebhook ? "Manage webhooks" : "Add a webhook",
    },
  ];
}

function path(id: OnboardingPathId, title: string, summary: string, steps: OnboardingStep[]): OnboardingPath {
  return {
    id,
    title,
    summary,
    steps,
    doneCount: steps.filter((step) => step.done).length,
    next: steps.find((step) => !step.done)?.id ?? null,
  };
}

/** Both paths, marketer first; each page shows them in this order with these words. */
export function onboardingPaths(progress: OnboardingProgress): OnboardingPath[] {
  return [
    path("marketer", "Marketer", "Reach your contacts with automations and broadcasts, no code.", marketerSteps(progress)),
    path("developer", "Developer", "Send from your app through the API, on your own domain.", developerSteps(progress)),
  ];
}
