import { getDb, type Db, type Tx } from "@/lib/db/client";
import type { ErrorBlocker } from "@/lib/api/errors";
import { getAutomationOrThrow } from "./get-automation-or-throw";
import { isLocalMode } from "@/lib/config/local-mode";
import { sandboxAddress } from "@/lib/sandbox/sandbox-address";
import { resolveSender } from "./resolve-sender";

export interface AutomationChecks {
  /** What stops activation, in plain language, each with its fix. */
  blockers: ErrorBlocker[];
  /** Worth a look, never blocking. */
  warnings: ErrorBlocker[];
}

/** How many other active automations a same-trigger warning looks at (bounded per request). */
const SAME_TRIGGER_SCAN = 200;
// {{unsubscribe_url}} or {{{unsubscribe_url}}} inside an href: the link a reader can click.
const UNSUBSCRIBE_LINK = /href\s*=\s*["']?\s*\{\{\{?\s*unsubscribe_url\s*\}\}\}?/i;
/** {{company}} or {{{company}}}: the account's company name. */
const COMPANY_VARIABLE = /\{\{\{?\s*company\s*\}\}\}?/;

const emailName = (index: number) => `Email ${index + 1}`;

/** The same JSON regardless of key order (triggerConfig is a small flat object). */
function canonical(value: unknown): string {
  if (!value || typeof value !== "object" || Array.isArray(value)) return JSON.stringify(value ?? null);
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/**
 * What stands between a paused automation and activation (blockers: no email, an email without
 * content or whose template is gone, no sender that may send: outside local mode one on a verified
 * domain, a segment_entry trigger whose segment is gone) and what deserves a look without blocking
 * (warnings: an email without a visible unsubscribe link, {{company}} with no company name set
 * (the account's name stands in), a list_join trigger on a list that does not exist yet, another
 * active automation with the same trigger). Reads only this account's rows; `db` may be the activation's transaction.
 */
export async function checkAutomation(db: Db | Tx, accountId: string, id: string): Promise<AutomationChecks> {
  const automation = await db.automation.findUniqueOrThrow({
    where: { id },
    include: {
      steps: { orderBy: { position: "asc" }, include: { template: { select: { accountId: true, subject: true, htmlBody: true } } } },
    },
  });
  const blockers: ErrorBlocker[] = [];
  const warnings: ErrorBlocker[] = [];

  // A journey's steps are its graph, checked when it was saved.
  if (!automation.steps.length && automation.graph === null) {
    blockers.push({
      code: "no_steps",
      path: "steps",
      message: "add at least one step before activating",
      fix: { action: "add_step", label: "Add an email" },
    });
  }
  let usesCompany = false;
  automation.steps.forEach((step, i) => {
    const edit = { action: "edit_step" as const, stepId: step.id, label: `Edit ${emailName(i).toLowerCase()}` };
    const template = step.templateId && step.template?.accountId === accountId ? step.template : null;
    if (step.templateId && !template) {
      blockers.push({
        code: "template_missing",
        path: `steps.${i}.templateId`,
        message: `template ${step.templateId} does not exist`,
        fix: { ...edit, label: `Choose a template for ${emailName(i).toLowerCase()}` },
      });
      return;
    }
    if (!step.templateId && (!step.subject || !step.bodyHtml)) {
      blockers.push({
        code: "step_incomplete",
        path: `steps.${i}`,
        message: "step has neither a template nor a subject and bodyHtml",
        fix: edit,
      });
      return;
    }
    const html = template ? template.htmlBody : (step.bodyHtml ?? "");
    if (COMPANY_VARIABLE.test(html) || COMPANY_VARIABLE.test((template ? template.subject : step.subject) ?? "")) usesCompany = true;
    if (!UNSUBSCRIBE_LINK.test(html)) {
      warnings.push({
        code: "no_unsubscribe_link",
        path: `steps.${i}`,
        message: `${emailName(i)} has no visible unsubscribe link: add <a href="{{unsubscribe_url}}">Unsubscribe</a>`,
        fix: edit,
      });
    }
  });

  if (usesCompany) {
    const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { companyName: true, name: true } });
    if (!account.companyName?.trim()) {
      warnings.push({
        code: "company_missing",
        path: "company",
        message: `these emails use {{company}}, but your account has no company name yet: they would say “${account.name}”, your account's name, instead`,
        fix: { action: "open_settings", label: "Set your company name", href: "/settings" },
      });
    }
  }

  const sender = await resolveSender(db, accountId, automation.from);
  if (sender.problem) {
    const verified = await db.domain.findFirst({ where: { accountId, status: "verified" }, select: { domain: true } });
    const fix = verified
      ? { action: "choose_sender" as const, label: "Choose a sender" }
      : { action: "verify_domain" as const, label: "Verify a domain", href: "/domains" };
    blockers.push(
      sender.problem === "no_sender"
        ? {
            code: "no_sender",
            path: "from",
            message: "no sender: choose who these emails come from (the automation's from, or the account's default sender)",
            // Local mode without a verified domain: the sandbox sender reaches anyone (every email
            // lands in the dev inbox).
            fix:
              !verified && isLocalMode()
                ? { action: "choose_sender", label: "Send from the sandbox sender", from: sandboxAddress().address }
                : fix,
          }
        : {
            // sandbox_sender: mail leaves this machine now, and the sandbox sender reaches only the
            // account's own address; sender_not_verified: an unverified or unknown domain.
            code: sender.problem === "sandbox_sender" ? "sandbox_sender" : "sender_not_verified",
            path: "from",
            message: `${sender.reason}: choose a sender on a verified domain`,
            fix,
          },
    );
  }

  if (automation.triggerType === "list_join") {
    const listName = (automation.triggerConfig as { listName?: string }).listName ?? "";
    const list = await db.contactList.findFirst({ where: { accountId, name: listName }, select: { id: true } });
    if (!list) {
      // A warning, not a blocker: the spec activates any existing automation, and a list created
      // later (or by an import) starts the trigger then.
      warnings.push({
        code: "list_missing",
        path: "triggerConfig.listName",
        message: `there is no list named ${listName} yet: nobody is enrolled until contacts join it`,
        fix: { action: "create_list", label: `Create the list ${listName}`, listName },
      });
    }
  }

  if (automation.triggerType === "segment_entry") {
    const segmentId = (automation.triggerConfig as { segmentId?: string }).segmentId ?? "";
    const segment = await db.contactList.findFirst({ where: { accountId, id: segmentId }, select: { id: true } });
    if (!segment) {
      blockers.push({
        code: "segment_missing",
        path: "triggerConfig.segmentId",
        message: `segment ${segmentId} does not exist: choose the segment contacts enter in the trigger`,
      });
    }
  }

  const others = await db.automation.findMany({
    where: { accountId, status: "active", triggerType: automation.triggerType, id: { not: id } },
    select: { id: true, name: true, triggerConfig: true },
    orderBy: { createdAt: "asc" },
    take: SAME_TRIGGER_SCAN,
  });
  const mine = canonical(automation.triggerConfig);
  for (const other of others.filter((o) => canonical(o.triggerConfig) === mine).slice(0, 5)) {
    warnings.push({
      code: "same_trigger",
      path: "triggerConfig",
      message: `the active automation “${other.name}” has the same trigger: a contact who matches gets the emails of both`,
      fix: { action: "open_automation", label: `Open ${other.name}`, href: `/automations/${other.id}` },
    });
  }
  return { blockers, warnings };
}

/** GET /automations/:id/checks: the account's automation's blockers and warnings, or a 404. */
export async function getAutomationChecks(options: { accountId: string; id: string }): Promise<AutomationChecks> {
  await getAutomationOrThrow(options);
  return checkAutomation(getDb(), options.accountId, options.id);
}
