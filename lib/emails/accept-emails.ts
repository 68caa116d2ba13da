import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError, type ErrorDetail } from "@/lib/api/errors";
import type { SaveResponse } from "@/lib/api/idempotency";
import { insufficientCredits } from "@/lib/credits/insufficient-credits";
import { announceJobs, buildJobRows } from "@/lib/jobs/enqueue-jobs";
import { domainOf, parseAddress, parseSenderAddress } from "./addresses";
import type { SendEmailBody } from "./schemas";
import { parseScheduledAt, scheduledAtProblem } from "./parse-scheduled-at";
import { TemplateTooComplexError } from "@/lib/templates/render";
import { renderEmailContent } from "./render-email-content";
import { resolveEmailTemplates } from "./resolve-email-templates";
import { emailSendJob } from "./send-email-job";
import { emailSendBatchJob, SEND_BATCH_MAX_EMAILS } from "./send-email-batch-job";
import { storeAcceptedEmails, type StoreAcceptedEmails } from "./store-accepted-emails";
import { storeAcceptedEmailsGrouped } from "./group-commit-accepted-emails";
import { isLocalMode } from "@/lib/config/local-mode";
import { sandboxAddress } from "@/lib/sandbox/sandbox-address";
import { sandboxRecipientAllowed } from "@/lib/sandbox/sandbox-recipient-allowed";

export interface AcceptOptions {
  accountId: string;
  emails: SendEmailBody[];
  /** Where the emails come from: what they carry, how they are stored and debited. */
  source: AcceptSource;
}

/**
 * Where accepted emails come from. Each kind carries what only it needs:
 * - `api`: POST /emails and /emails/batch, forwards of received mail (POST
 *   /emails/receiving/:id/forward) and the dashboard's test sends. `batch` names failing
 *   items by index and gives the due emails one `email.send-batch` job; `save` is the request's
 *   Idempotency-Key claim, saved with the emails; `templateId` names the template a test send
 *   rendered into its inline content. Stored through the account's group commit.
 * - `relay`: one message of the SMTP relay, sent as received (`rawMime`); stored through the
 *   group commit, which gathers the accepts of the account's sessions (`session`, see GATHER_MS).
 * - `automation`: due automation steps, email i being `steps[i]`; each carries the
 *   automation_id tag, and one step is sent once (the unique enrollment and step of Email).
 * - `test_run`: an automation test run's steps, as `automation`, but they land only in the dev
 *   inbox: no credit is debited and the sandbox sender's recipient rule does not apply.
 * - `broadcast`: a broadcast's batch, email i going to member `contactIds[i]`; each carries the
 *   broadcast_id tag.
 */
export type AcceptSource =
  | { kind: "api"; batch?: boolean; save?: SaveResponse | null; templateId?: string }
  | { kind: "relay"; rawMime: string; session?: string; save: SaveResponse | null }
  | { kind: "automation"; steps: AutomationStep[] }
  | { kind: "test_run"; steps: AutomationStep[] }
  | { kind: "broadcast"; broadcastId: string; broadcastName: string; contactIds: string[] };

/** The automation step an email sends (an enrollment's step of an automation). */
export interface AutomationStep {
  automationId: string;
  enrollmentId: string;
  stepId: string;
}

const unique = (list: string[]) => [...new Set(list.map((a) => parseAddress(a)!.address))];

/**
 * Accept: validate against the account's state, then in one statement
 * debit one credit per recipient, store the emails with their recipients (a scheduled email
 * with its first event; a due one's is derived, queued-event.ts), and enqueue their delivery.
 * All or nothing: a batch with one bad item stores nothing. The From domains are checked in
 * that statement too, so the common case is one round trip (plus one when templates are used);
 * the reads that explain a refusal happen only on error paths.
 */
export async function acceptEmails(options: AcceptOptions): Promise<string[]> {
  const db = getDb();
  const { accountId, source } = options;
  const batch = source.kind === "api" && Boolean(source.batch);
  const steps = source.kind === "automation" || source.kind === "test_run" ? source.steps : null;
  const testRun = source.kind === "test_run";
  const broadcast = source.kind === "broadcast" ? source : null;
  const save = source.kind === "api" || source.kind === "relay" ? source.save : null;
  const at = (i: number, field: string) => (batch ? `${i}.${field}` : field);
  const problems: ErrorDetail[] = [];
  const current = now();
  const fromAddresses = options.emails.map((e) => parseSenderAddress(e.from)!.address);
  const fromDomains = fromAddresses.map(domainOf);
  // The sandbox sender needs no verified domain, only recipients it may reach.
  const sandbox = sandboxAddress();
  const isSandbox = fromAddresses.map((address) => address === sandbox.address);
  // A test run's emails land only in the dev inbox: the recipient rule protects real inboxes.
  if (isSandbox.some(Boolean) && !testRun) await assertSandboxRecipients(accountId, options.emails, isSandbox, batch);
  // "in 1 hour" means one hour from this moment of the service clock (the schema parsed it).
  const scheduledAts = options.emails.map((e) => (e.scheduled_at ? (parseScheduledAt(e.scheduled_at, current) ?? undefined) : undefined));

  const { emails, byRef: templateById } = await resolveEmailTemplates(db, accountId, options.emails);
  let tooComplex: ApiError | undefined;
  emails.forEach((e, i) => {
    const template = e.template_id ? templateById.get(e.template_id) : undefined;
    if (e.template_id && !template) problems.push({ path: at(i, "template_id"), message: "no such template" });
    else if (template && !template.publishedAt)
      problems.push({ path: at(i, "template_id"), message: "the template is a draft never published: publish it first" });
    // A broadcast member's body renders at send time (its subject was rendered at the fan-out).
    else if ((e.template_id || e.variables) && !broadcast)
      tooComplex ??= renderProblem(e, templateById.get(e.template_id ?? "") ?? null, at(i, e.template_id ? "template_id" : "variables"));
    const when = scheduledAts[i];
    const problem = when && scheduledAtProblem(when, current);
    if (problem) problems.push({ path: at(i, "scheduled_at"), message: problem });
  });
  if (problems.length) {
    // An unverified From domain is reported before the body's other problems.
    await assertDomainsVerified(accountId, fromDomains, isSandbox, batch);
    throw new ApiError("validation_error", `${problems[0].path}: ${problems[0].message}`, problems);
  }
  if (tooComplex) throw tooComplex;

  const store: StoreAcceptedEmails = {
    accountId,
    amount: 0,
    ledger: { id: newId("ctx"), description: "", emailId: null },
    emails: [],
    recipients: [],
    events: [],
    jobs: [],
    idempotency: null,
    createdAt: current,
  };
  emails.forEach((e, i) => {
    const step = steps?.[i];
    const id = newId("em");
    const scheduledAt = scheduledAts[i];
    const tags: unknown[] = [...(e.tags ?? [])];
    if (step) tags.push({ name: "automation_id", value: step.automationId });
    if (broadcast) tags.push({ name: "broadcast_id", value: broadcast.broadcastId });
    const type = scheduledAt ? "email.scheduled" : "email.queued";
    store.emails.push({
      id,
      domain: fromDomains[i],
      sandbox: isSandbox[i],
      from: e.from,
      to: e.to,
      cc: e.cc ?? [],
      bcc: e.bcc ?? [],
      replyTo: e.reply_to ?? [],
      subject: e.subject ?? templateById.get(e.template_id ?? "")?.subject ?? "",
      html: e.html,
      text: e.text,
      templateId: e.template_id ?? (source.kind === "api" ? source.templateId : undefined),
      variables: e.variables,
      headers: e.headers,
      tags,
      attachments: e.attachments,
      rawMime: source.kind === "relay" ? source.rawMime : undefined,
      status: scheduledAt ? "scheduled" : "queued",
      scheduledAt,
      automationId: step?.automationId,
      enrollmentId: step?.enrollmentId,
      stepId: step?.stepId,
      broadcastId: broadcast?.broadcastId,
      contactId: broadcast?.contactIds[i],
      isTest: testRun,
      lastEvent: type,
    });
    const kinds = [
      ["to", unique(e.to)],
      ["cc", unique(e.cc ?? [])],
      ["bcc", unique(e.bcc ?? [])],
    ] as const;
    for (const [kind, list] of kinds) {
      for (const email of list) store.recipients.push({ id: newId("rcp"), emailId: id, email, kind, verpToken: newId("rcp").slice(4) });
    }
    // An email due now stores no "email.queued" row: its readers derive it (queued-event.ts).
    if (scheduledAt)
      store.events.push({
        id: newId("evt"),
        emailId: id,
        type,
        data: { scheduled_at: scheduledAt.toISOString() },
        tags,
        automationId: step?.automationId,
        domain: fromDomains[i],
      });
  });
  const ids = store.emails.map((e) => e.id);
  const total = store.recipients.length;
  // A batch request's emails due now are delivered by one job (email.send-batch), not one job
  // row each, and a broadcast batch's by one job per SEND_BATCH_MAX_EMAILS; a scheduled email
  // keeps its own job (rescheduling and cancelling find it).
  const together = batch || broadcast ? store.emails.filter((e) => !e.scheduledAt) : [];
  const alone = together.length > 1 ? store.emails.filter((e) => e.scheduledAt) : store.emails;
  const chunks: { payload: { accountId: string; emailIds: string[] }; runAt: Date }[] = [];
  for (let start = 0; together.length > 1 && start < together.length; start += SEND_BATCH_MAX_EMAILS) {
    const emailIds = together.slice(start, start + SEND_BATCH_MAX_EMAILS).map((e) => e.id);
    chunks.push({ payload: { accountId, emailIds }, runAt: current });
  }
  store.jobs = [
    ...buildJobRows(emailSendBatchJob, chunks, { accountId }),
    ...buildJobRows(
      emailSendJob,
      alone.map((e) => ({ payload: { emailId: e.id }, runAt: e.scheduledAt ?? current })),
      { accountId },
    ),
  ];
  if (!testRun) {
    store.amount = total;
    store.ledger.emailId = ids.length === 1 ? ids[0] : null;
    store.ledger.description = broadcast
      ? `Broadcast “${broadcast.broadcastName}”: ${ids.length} email${ids.length === 1 ? "" : "s"}`
      : steps && ids.length > 1
        ? `${ids.length} automation emails`
        : ids.length === 1
          ? `Email to ${total} recipient${total === 1 ? "" : "s"}`
          : `Batch of ${ids.length} emails`;
  }
  if (save?.keyId) {
    store.idempotency = {
      keyId: save.keyId,
      response: { status: 201, body: batch ? { data: ids.map((id) => ({ id })) } : { id: ids[0] } },
    };
  }

  // The API's, the relay's and the journeys' accepts come concurrently (requests, sessions, the
  // runs of a batch planned side by side): they share statements (group commit) instead of
  // queueing one commit each on the account row.
  const storeOnce =
    source.kind === "api" || source.kind === "relay" || source.kind === "automation"
      ? (s: StoreAcceptedEmails) => storeAcceptedEmailsGrouped(s, source.kind === "relay" ? source.session : undefined)
      : storeAcceptedEmails;
  for (let attempt = 1; ; attempt++) {
    const result = await storeOnce(store);
    if (result === "stored") break;
    if (result === "insufficient_credits") throw await insufficientCredits(db, accountId, store.amount);
    // As the update of a claim that died meanwhile (2 min) reported it.
    if (result === "idempotency_key_gone") throw new ApiError("not_found", "record not found");
    // A From domain was not verified: name it, or store again if it has been verified since.
    await assertDomainsVerified(accountId, fromDomains, isSandbox, batch);
    if (attempt === 3) throw new Error("the From domains kept changing while the emails were accepted");
  }
  await announceJobs(store.jobs);
  return ids;
}

/**
 * Renders the email once as delivery will (templates and variables render at send time), so a
 * template or variables past the rendering budget are this request's 400, not a failed send.
 */
function renderProblem(email: SendEmailBody, template: { subject: string; htmlBody: string } | null, path: string): ApiError | undefined {
  try {
    renderEmailContent(
      {
        subject: email.subject ?? "",
        html: email.html ?? null,
        text: email.text ?? null,
        variables: email.variables ?? null,
        broadcastId: null,
        templateId: email.template_id ?? null,
      },
      template,
    );
    return undefined;
  } catch (error) {
    if (!(error instanceof TemplateTooComplexError)) throw error;
    return new ApiError("template_too_complex", `${path}: ${error.message}`, [{ path, message: error.message }]);
  }
}

/** Throws sandbox_recipient naming every recipient the sandbox sender may not reach. */
async function assertSandboxRecipients(accountId: string, emails: SendEmailBody[], isSandbox: boolean[], batch?: boolean) {
  const account = await getDb().account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true } });
  const refused: ErrorDetail[] = [];
  let first = "";
  emails.forEach((e, i) => {
    if (!isSandbox[i]) return;
    for (const kind of ["to", "cc", "bcc"] as const) {
      for (const recipient of unique(e[kind] ?? [])) {
        if (!sandboxRecipientAllowed(recipient, account.email)) {
          first ||= recipient;
          refused.push({ path: batch ? `${i}.${kind}` : kind, message: `${recipient} cannot receive mail from the sandbox sender` });
        }
      }
    }
  });
  if (!refused.length) return;
  throw new ApiError(
    "sandbox_recipient",
    `the sandbox sender ${sandboxAddress().address} only sends to your account's own address (${account.email}) and *.simulator.test ` +
      `addresses; to send to ${first}, add and verify a domain and send from it`,
    refused,
  );
}

/** Throws domain_not_verified naming every item whose From domain may not send (a verified domain; local mode: any of the account's). */
async function assertDomainsVerified(accountId: string, fromDomains: string[], isSandbox: boolean[], batch?: boolean) {
  const domains = await getDb().domain.findMany({
    where: { accountId, domain: { in: [...new Set(fromDomains)] } },
    select: { domain: true, status: true },
  });
  const byName = new Map(domains.map((d) => [d.domain, d]));
  // Local mode: an unverified domain of the account sends too, unless another account has
  // verified the name (the same rule as the accept statement's).
  const held = isLocalMode()
    ? await getDb().domain.findMany({
        where: { domain: { in: domains.filter((d) => d.status !== "verified").map((d) => d.domain) }, status: "verified" },
        select: { domain: true },
      })
    : null;
  const allowed = (d: string) =>
    byName.get(d)?.status === "verified" || (held !== null && byName.has(d) && !held.some((h) => h.domain === d));
  const unverified = fromDomains.map((d, i) => [d, i] as const).filter(([d, i]) => !isSandbox[i] && !allowed(d));
  if (!unverified.length) return;
  const [name, i] = unverified[0];
  throw new ApiError(
    "domain_not_verified",
    `${batch ? `item ${i}: ` : ""}the from domain ${name} is not a verified domain of this account; add and verify it first`,
    unverified.map(([d, j]) => ({ path: batch ? `${j}.from` : "from", message: `${d} is not verified` })),
  );
}
