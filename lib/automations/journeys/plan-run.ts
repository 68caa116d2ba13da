import { getDb } from "@/lib/db/client";
import type { LayoutContent } from "@/lib/layouts/layout-content";
import { sendWindowWait } from "../graph/send-window";
import { frequencyCapWait } from "../frequency-cap/frequency-cap-wait";
import { ApiError } from "@/lib/api/errors";
import { deleteContact } from "@/lib/contacts/delete-contact";
import type { Enrollment, Contact } from "@/lib/generated/prisma/client";
import { parseTestRunContact } from "../test-runs/test-run-contact";
import { stepDelayMs, TEST_RUN_WAIT_TIMEOUT_MS } from "../test-runs/test-run-timing";
import { readGraph } from "../graph/read-graph";
import { nextKey, type Graph, type GraphStep } from "../graph/graph-types";
import { delayMinutesOf, waitTimeoutMinutes } from "../graph/step-configs";
import type { Rule } from "../graph/rule-schema";
import { evaluateRule, type RuleContact } from "./evaluate-rule";
import { pickVariant } from "./pick-variant";
import { addRunContactToList, sendStepEmail, updateRunContact, type RunScope } from "./step-actions";

/** The steps one advance may pass without a delay or a wait (a saved graph has at most 100). */
const MAX_STEPS_PER_ADVANCE = 101;

export interface RunAutomation {
  id: string;
  graph: unknown;
  triggerKey: string;
  triggerType: string;
  triggerConfig: unknown;
  from: string | null;
  goal: unknown;
  sendWindow: unknown;
  transactional: boolean;
  account: { name: string; companyName: string | null; defaultFrom: string | null; timezone: string | null; frequencyCap: unknown };
}

export interface LoadedRun {
  run: Enrollment;
  contact: Contact | null;
  suppressed: string | null;
  automation: RunAutomation & { parsed: Graph };
  /** The account's default layout, read once for a batch of runs; undefined: read at the send. */
  layout?: LayoutContent | null;
}

export interface StepRecord {
  key: string;
  type: string;
  status: "completed" | "waiting";
  output: Record<string, unknown> | null;
}

/** Where a run goes: the state it was found in (the guard), and what it becomes. */
export interface RunPlan {
  id: string;
  accountId: string;
  expect: { stepKey: string | null; nextStepAt: Date; waitingEvent: string | null };
  key: string | null;
  variants: Record<string, string>;
  end: { status: "completed" | "cancelled"; outcome: string | null; error: string | null } | null;
  rest: { key: string; until: Date; event: string | null } | null;
  records: StepRecord[];
  resumed: { key: string; output: Record<string, unknown> } | null;
  /** The contact was deleted (contact_delete): the run went with it. */
  gone: boolean;
}

/** The graph of each automation, read once for a batch. */
export function withGraph<T extends RunAutomation>(automation: T): T & { parsed: Graph } {
  return { ...automation, parsed: readGraph(automation) };
}

/**
 * Plans a journey run from the step it is at through every step that takes no time
 * (conditions, splits, emails, contact changes) to the next delay or wait, or to its end.
 * A run rests only at a delay or a wait: due there, a delay is over, and a wait whose event
 * came (waitingEvent cleared by the event) goes on along event_received, else along timeout.
 * Steps that act (emails, contact changes) act here, each safe to repeat: an email is unique
 * per run and step, a split's variant once drawn is kept. What throws (out of credits, a
 * sender that may not send) leaves the run where it was.
 */
export async function planRun(loaded: LoadedRun, at: Date): Promise<RunPlan> {
  const { run, automation } = loaded;
  const graph = automation.parsed;
  const byKey = new Map(graph.steps.map((s) => [s.key, s]));
  const enrollmentId = run.id;
  const scope: RunScope = {
    enrollmentId,
    accountId: run.accountId,
    automationId: automation.id,
    isTest: run.isTest,
    listName: run.listName,
    eventProperties: run.eventProperties as Record<string, unknown> | null,
    automationFrom: automation.from,
    account: automation.account,
    layout: loaded.layout,
  };
  const test = run.isTest ? parseTestRunContact(run.testContact) : null;
  const real = loaded.contact;
  let contact: RuleContact | null = real
    ? { id: real.id, email: real.email, name: real.name, properties: real.properties, createdAt: real.createdAt }
    : test && { id: null, email: test.email, name: test.name, properties: test.properties };

  const plan: RunPlan = {
    id: run.id,
    accountId: run.accountId,
    expect: { stepKey: run.stepKey, nextStepAt: run.nextStepAt!, waitingEvent: run.waitingEvent },
    key: run.stepKey ?? automation.triggerKey,
    variants: { ...((run.variants as Record<string, string> | null) ?? {}) },
    end: null,
    rest: null,
    records: [],
    resumed: null,
    gone: false,
  };
  const finish = (status: "completed" | "cancelled", outcome: string | null, error: string | null = null) => {
    plan.end = { status, outcome, error };
  };

  let key: string | null = plan.key;
  const here = byKey.get(key!);
  if (here?.type === "delay") {
    plan.resumed = { key: here.key, output: { waitedUntil: at.toISOString() } };
    key = nextKey(graph, here.key, "default");
  } else if (here?.type === "wait_for_event") {
    const received = run.waitingEvent === null;
    plan.resumed = { key: here.key, output: received ? { event: here.config.eventName } : { timedOut: true } };
    key = nextKey(graph, here.key, received ? "event_received" : "timeout");
  }

  const ctx = () => ({ db: getDb(), accountId: run.accountId, enrollmentId, contact: contact! });
  const goal = (automation.goal as { rule?: Rule } | null)?.rule;
  if (!contact) finish("cancelled", null, "the run has no contact");
  else if (real && !real.subscribed) finish("cancelled", null, "contact unsubscribed");
  else if (loaded.suppressed) finish("cancelled", null, `contact address suppressed (${loaded.suppressed})`);
  else if (goal && (await evaluateRule(goal, ctx()))) finish("completed", "converted");

  for (let n = 0; !plan.end && !plan.rest; n++) {
    if (key === null) {
      finish("completed", null);
      break;
    }
    const step: GraphStep | undefined = byKey.get(key);
    if (!step) {
      finish("cancelled", null, `step ${key} was removed from the journey`);
      break;
    }
    if (n >= MAX_STEPS_PER_ADVANCE) {
      finish("cancelled", null, "too many steps without a delay or a wait");
      break;
    }
    const done = (output: Record<string, unknown> | null = null) =>
      plan.records.push({ key: step.key, type: step.type, status: "completed", output });
    const c = step.config;
    switch (step.type) {
      case "trigger":
        done();
        key = nextKey(graph, step.key, "default");
        break;
      case "delay": {
        const minutes = delayMinutesOf(c);
        if (minutes === 0) {
          done();
          key = nextKey(graph, step.key, "default");
          break;
        }
        const until = new Date(at.getTime() + stepDelayMs(minutes, run.isTest));
        plan.records.push({ key: step.key, type: step.type, status: "waiting", output: { until: until.toISOString() } });
        plan.rest = { key: step.key, until, event: null };
        break;
      }
      case "wait_for_event": {
        const until = new Date(at.getTime() + (run.isTest ? TEST_RUN_WAIT_TIMEOUT_MS : waitTimeoutMinutes(c) * 60_000));
        plan.records.push({
          key: step.key,
          type: step.type,
          status: "waiting",
          output: { eventName: c.eventName, until: until.toISOString() },
        });
        plan.rest = { key: step.key, until, event: c.eventName as string };
        break;
      }
      case "send_email": {
        // Due outside the send window, or past the account's frequency cap: the run rests here.
        const windowOpens = sendWindowWait({
          window: automation.sendWindow,
          at,
          contactProperties: contact!.properties,
          accountTimezone: automation.account.timezone,
          isTest: run.isTest,
        });
        const capOpens = windowOpens
          ? null
          : await frequencyCapWait({
              cap: automation.account.frequencyCap,
              transactional: automation.transactional,
              contactId: run.contactId,
              isTest: run.isTest,
              at,
            });
        const opens = windowOpens ?? capOpens;
        if (opens) {
          // One waiting record however many times the run finds the window or the cap still shut.
          if (here?.key !== step.key) {
            plan.records.push({
              key: step.key,
              type: step.type,
              status: "waiting",
              output: { waitingFor: windowOpens ? "send_window" : "frequency_cap", until: opens.toISOString() },
            });
          }
          plan.rest = { key: step.key, until: opens, event: null };
          break;
        }
        const output = { emailId: await sendStepEmail(scope, contact!, step.key, c) };
        // The run rested here (a window, the cap): its waiting record completes with the email.
        if (here?.type === "send_email" && step.key === here.key && !plan.resumed) plan.resumed = { key: step.key, output };
        else done(output);
        key = nextKey(graph, step.key, "default");
        break;
      }
      case "condition": {
        const met = await evaluateRule(c as Rule, ctx());
        done({ result: met });
        key = nextKey(graph, step.key, met ? "condition_met" : "condition_not_met");
        break;
      }
      case "split": {
        const variant = plan.variants[step.key] ?? pickVariant(enrollmentId, step.key, c.variants as { name: string; weight: number }[]);
        plan.variants[step.key] = variant;
        done({ variant });
        key = nextKey(graph, step.key, "variant", variant);
        break;
      }
      case "contact_update":
        contact = await updateRunContact(scope, contact!, c);
        done();
        key = nextKey(graph, step.key, "default");
        break;
      case "add_to_segment":
        done({ added: await addRunContactToList(scope, contact!, c.segmentId as string) });
        key = nextKey(graph, step.key, "default");
        break;
      case "contact_delete":
        // The run goes with its contact (the enrollment cascades), as any contact delete does
        // (contact.deleted to the webhooks that want it); one deleted meanwhile is gone already.
        if (contact!.id && !run.isTest) {
          await deleteContact({ accountId: run.accountId, id: contact!.id }).catch((error: unknown) => {
            if (!(error instanceof ApiError && error.code === "not_found")) throw error;
          });
          plan.gone = true;
        }
        done();
        finish("completed", "contact_deleted");
        break;
      case "exit":
        done({ reason: c.reason ?? null });
        finish("completed", (c.reason as string | undefined) ?? "exit");
        break;
    }
  }
  plan.key = plan.rest ? plan.rest.key : key;
  return plan;
}
