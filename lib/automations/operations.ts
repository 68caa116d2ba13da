import { defineOperation } from "@/lib/api/define-operation";
import { deletedSchema } from "@/lib/openapi/common";
import {
  activateAutomationBodySchema,
  addStepBodySchema,
  AUTOMATION_REQUEST_MAX_BYTES,
  createAutomationBodySchema,
  listAutomationsQuerySchema,
  listEnrollmentsQuerySchema,
  replaceStepsBodySchema,
  updateAutomationBodySchema,
  updateStepBodySchema,
} from "./schemas";
import { listScenariosQuerySchema } from "./scenarios/schemas";
import { createJourneyBodySchema, listJourneysQuerySchema, listRunsQuerySchema, updateJourneyBodySchema } from "./graph/journey-schemas";
import {
  journeyRefSchema,
  journeySchema,
  listJourneysResponseSchema,
  listRunsResponseSchema,
  removedJourneySchema,
  runSchema,
  stoppedJourneySchema,
} from "./journeys/response-schemas";
import { listTestRunsQuerySchema, sendTestRunEventBodySchema, startTestRunBodySchema } from "./test-runs/test-run-schemas";
import {
  activateAutomationResponseSchema,
  automationChecksResponseSchema,
  automationResponseSchema,
  enrollmentResponseSchema,
  listAutomationsResponseSchema,
  listEnrollmentsResponseSchema,
  listScenariosResponseSchema,
  listTestRunsResponseSchema,
  matchingContactsResponseSchema,
  scenarioResponseSchema,
  stepFunnelResponseSchema,
  journeyStepCountsResponseSchema,
  stepResponseSchema,
  testRunResponseSchema,
} from "./response-schemas";

export const createAutomationOp = defineOperation({
  method: "POST",
  path: "/automations",
  id: "createAutomation",
  summary: "Create an automation (paused)",
  tag: "Automations",
  body: createAutomationBodySchema,
  maxBodyBytes: AUTOMATION_REQUEST_MAX_BYTES,
  status: 201,
  response: automationResponseSchema,
  errors: ["template_too_complex", "limit_reached"],
  example: {
    name: "Welcome series",
    triggerType: "list_join",
    triggerConfig: { listName: "Newsletter" },
    steps: [
      { delayMinutes: 0, subject: "Welcome, {{name}}", bodyHtml: "<p>Glad you are here.</p>" },
      { delayMinutes: 4320, subject: "Getting started", bodyHtml: "<p>Three tips.</p>" },
    ],
  },
});

export const listAutomationsOp = defineOperation({
  method: "GET",
  path: "/automations",
  id: "listAutomations",
  summary: "List automations",
  tag: "Automations",
  query: listAutomationsQuerySchema,
  response: listAutomationsResponseSchema,
});

export const getAutomationOp = defineOperation({
  method: "GET",
  path: "/automations/{id}",
  id: "getAutomation",
  summary: "Get an automation with steps and stats",
  tag: "Automations",
  response: automationResponseSchema,
});

export const updateAutomationOp = defineOperation({
  method: "PATCH",
  path: "/automations/{id}",
  id: "updateAutomation",
  summary: "Change an automation (the trigger only while paused)",
  tag: "Automations",
  body: updateAutomationBodySchema,
  response: automationResponseSchema,
  errors: ["conflict"],
});

export const updateAutomationPutOp = defineOperation({
  ...updateAutomationOp,
  method: "PUT",
  id: "updateAutomationPut",
  summary: "Change an automation (as PATCH)",
});

export const deleteAutomationOp = defineOperation({
  method: "DELETE",
  path: "/automations/{id}",
  id: "deleteAutomation",
  summary: "Delete an automation",
  tag: "Automations",
  response: deletedSchema("aut"),
});

export const activateAutomationOp = defineOperation({
  method: "POST",
  path: "/automations/{id}/activate",
  id: "activateAutomation",
  summary: "Start enrolling contacts",
  description:
    "The body is optional. `{\"enrollExisting\": true}` also enrolls the contacts who already match: a list_join trigger's subscribed list members, a property_equals trigger's contacts with that value, a segment_entry trigger's segment members (started by a pass of the segment job right after, `enrollingInBackground`; without it they are recorded as members and only later entrants start), property_changed and event: nobody. Once per contact; past ENROLL_EXISTING_INLINE_MAX matches a background job enrolls them.",
  tag: "Automations",
  body: activateAutomationBodySchema,
  bodyOptional: true,
  response: activateAutomationResponseSchema,
  errors: ["validation_error"],
});

export const checkAutomationOp = defineOperation({
  method: "GET",
  path: "/automations/{id}/checks",
  id: "checkAutomation",
  summary: "What blocks activation, and warnings that do not",
  description:
    "Blockers (no_steps, template_missing, step_incomplete, no_sender, sender_not_verified, sandbox_sender: the sandbox sender once mail leaves this machine, segment_missing: a segment_entry trigger's segment is gone) are what POST /activate refuses with, in its error's `blockers`. Warnings never block: no_unsubscribe_link (an email without a link to {{unsubscribe_url}}), list_missing (a list_join trigger's list does not exist yet), same_trigger (another active automation of the account has the same trigger). Each may carry a `fix` the dashboard offers as a button.",
  tag: "Automations",
  response: automationChecksResponseSchema,
});

export const countAutomationMatchingContactsOp = defineOperation({
  method: "GET",
  path: "/automations/{id}/matching-contacts",
  id: "countAutomationMatchingContacts",
  summary: "How many contacts activating with enrollExisting would enroll now",
  tag: "Automations",
  response: matchingContactsResponseSchema,
});

export const pauseAutomationOp = defineOperation({
  method: "POST",
  path: "/automations/{id}/pause",
  id: "pauseAutomation",
  summary: "Stop new enrollments",
  tag: "Automations",
  response: automationResponseSchema,
});

export const addAutomationStepOp = defineOperation({
  method: "POST",
  path: "/automations/{id}/steps",
  id: "addAutomationStep",
  summary: "Append or insert a step (paused only)",
  tag: "Automations",
  body: addStepBodySchema,
  maxBodyBytes: AUTOMATION_REQUEST_MAX_BYTES,
  status: 201,
  response: stepResponseSchema,
  errors: ["conflict", "template_too_complex"],
});

export const replaceAutomationStepsOp = defineOperation({
  method: "PUT",
  path: "/automations/{id}/steps",
  id: "replaceAutomationSteps",
  summary: "Set the whole ordered step list (paused only)",
  description:
    "Items with `id` keep that step (its id and history; fields not given stay), items without are new steps. Steps not listed are deleted. One transaction; 409 while active; 400 for an id that is not a step of this automation.",
  tag: "Automations",
  body: replaceStepsBodySchema,
  maxBodyBytes: AUTOMATION_REQUEST_MAX_BYTES,
  response: automationResponseSchema,
  errors: ["conflict", "template_too_complex"],
  example: {
    steps: [
      { id: "stp_4kXv7Qp2Lm9RzT1cWn8bYd", delayMinutes: 0 },
      { delayMinutes: 1440, subject: "Day 2", bodyHtml: "<p>Tips</p>" },
    ],
  },
});

export const updateAutomationStepOp = defineOperation({
  method: "PATCH",
  path: "/automations/{id}/steps/{stepId}",
  id: "updateAutomationStep",
  summary: "Change a step (paused only)",
  tag: "Automations",
  body: updateStepBodySchema,
  maxBodyBytes: AUTOMATION_REQUEST_MAX_BYTES,
  response: stepResponseSchema,
  errors: ["conflict", "template_too_complex"],
});

export const updateAutomationStepPutOp = defineOperation({
  ...updateAutomationStepOp,
  method: "PUT",
  id: "updateAutomationStepPut",
  summary: "Change a step (as PATCH; paused only)",
});

export const deleteAutomationStepOp = defineOperation({
  method: "DELETE",
  path: "/automations/{id}/steps/{stepId}",
  id: "deleteAutomationStep",
  summary: "Remove a step (paused only)",
  tag: "Automations",
  response: deletedSchema("stp"),
  errors: ["conflict"],
});

export const listEnrollmentsOp = defineOperation({
  method: "GET",
  path: "/automations/{id}/enrollments",
  id: "listEnrollments",
  summary: "List an automation's enrollments",
  tag: "Automations",
  query: listEnrollmentsQuerySchema,
  response: listEnrollmentsResponseSchema,
});

export const retryEnrollmentOp = defineOperation({
  method: "POST",
  path: "/automations/{id}/enrollments/{enrollmentId}/retry",
  id: "retryEnrollment",
  summary: "Run a failed enrollment's step again",
  tag: "Automations",
  response: enrollmentResponseSchema,
  errors: ["conflict"],
});

export const getAutomationFunnelOp = defineOperation({
  method: "GET",
  path: "/automations/{id}/funnel",
  id: "getAutomationFunnel",
  summary: "Per-step funnel counts",
  tag: "Automations",
  response: stepFunnelResponseSchema,
});

export const getJourneyStepCountsOp = defineOperation({
  method: "GET",
  path: "/automations/{id}/step-counts",
  id: "getJourneyStepCounts",
  summary: "A journey's live counts: runs waiting at and passed through each step, per path, and the goal's conversion",
  tag: "Automations",
  response: journeyStepCountsResponseSchema,
});

export const startTestRunOp = defineOperation({
  method: "POST",
  path: "/automations/{id}/test-runs",
  id: "startTestRun",
  summary: "Run the steps for a test contact into the dev inbox",
  tag: "Automations",
  body: startTestRunBodySchema,
  status: 201,
  response: testRunResponseSchema,
  errors: ["conflict", "domain_not_verified"],
});

export const listTestRunsOp = defineOperation({
  method: "GET",
  path: "/automations/{id}/test-runs",
  id: "listTestRuns",
  summary: "List an automation's test runs",
  tag: "Automations",
  query: listTestRunsQuerySchema,
  response: listTestRunsResponseSchema,
});

export const getTestRunOp = defineOperation({
  method: "GET",
  path: "/automations/{id}/test-runs/{runId}",
  id: "getTestRun",
  summary: "Get a test run's progress",
  tag: "Automations",
  response: testRunResponseSchema,
});

export const sendTestRunEventOp = defineOperation({
  method: "POST",
  path: "/automations/{id}/test-runs/{runId}/events",
  id: "sendTestRunEvent",
  summary: "Send the event a journey's test run waits for",
  description:
    "The run goes on at once along its wait's event_received path. 409 conflict when the run is not waiting for that event (a wait left alone times out in compressed time).",
  tag: "Automations",
  body: sendTestRunEventBodySchema,
  response: testRunResponseSchema,
  errors: ["validation_error", "conflict"],
});

export const skipTestRunWaitOp = defineOperation({
  method: "POST",
  path: "/automations/{id}/test-runs/{runId}/skip-wait",
  id: "skipTestRunWait",
  summary: "End a journey test run's delay or wait now",
  description: "A delay ends; a wait for an event takes its timeout path. 409 conflict when the run is not at a delay or a wait.",
  tag: "Automations",
  response: testRunResponseSchema,
  errors: ["conflict"],
});

export const listAutomationScenariosOp = defineOperation({
  method: "GET",
  path: "/automation-scenarios",
  id: "listAutomationScenarios",
  summary: "List the pre-built scenarios",
  tag: "Automations",
  query: listScenariosQuerySchema,
  response: listScenariosResponseSchema,
});

export const getAutomationScenarioOp = defineOperation({
  method: "GET",
  path: "/automation-scenarios/{id}",
  id: "getAutomationScenario",
  summary: "Get a scenario (a body POST /automations accepts)",
  tag: "Automations",
  response: scenarioResponseSchema,
});

// The `resend` SDK's automation calls, at its base path /api/v1/resend: the same automations
// read and written as graphs of steps and connections (lib/automations/journeys).

export const createJourneyOp = defineOperation({
  method: "POST",
  path: "/resend/automations",
  id: "createJourney",
  summary: "Create an automation from a graph of steps and connections (the resend SDK's automations.create)",
  description:
    "Paused unless `status` is `enabled` (which activates it, with the checks of POST /automations/{id}/activate). The graph is validated whole: every problem names its step key.",
  tag: "Automations",
  body: createJourneyBodySchema,
  maxBodyBytes: AUTOMATION_REQUEST_MAX_BYTES,
  status: 201,
  response: journeyRefSchema,
  errors: ["limit_reached"],
  example: {
    name: "Onboarding",
    steps: [
      { key: "start", type: "trigger", config: { eventName: "signed_up" } },
      { key: "welcome", type: "send_email", config: { subject: "Welcome", html: "<p>Glad you are here.</p>" } },
    ],
    connections: [{ from: "start", to: "welcome" }],
  },
});

export const listJourneysOp = defineOperation({
  method: "GET",
  path: "/resend/automations",
  id: "listJourneys",
  summary: "List automations, newest first (automations.list)",
  tag: "Automations",
  query: listJourneysQuerySchema,
  response: listJourneysResponseSchema,
});

export const getJourneyOp = defineOperation({
  method: "GET",
  path: "/resend/automations/{id}",
  id: "getJourney",
  summary: "An automation's graph and settings (automations.get)",
  tag: "Automations",
  response: journeySchema,
});

export const updateJourneyOp = defineOperation({
  method: "PATCH",
  path: "/resend/automations/{id}",
  id: "updateJourney",
  summary: "Change name, status, settings; steps and connections only while paused (automations.update)",
  tag: "Automations",
  body: updateJourneyBodySchema,
  maxBodyBytes: AUTOMATION_REQUEST_MAX_BYTES,
  response: journeyRefSchema,
  errors: ["conflict"],
});

export const removeJourneyOp = defineOperation({
  method: "DELETE",
  path: "/resend/automations/{id}",
  id: "removeJourney",
  summary: "Delete an automation (automations.remove)",
  tag: "Automations",
  response: removedJourneySchema,
});

export const duplicateJourneyOp = defineOperation({
  method: "POST",
  path: "/resend/automations/{id}/duplicate",
  id: "duplicateJourney",
  summary: "A paused copy of an automation, without its runs (automations.duplicate)",
  tag: "Automations",
  status: 201,
  response: journeyRefSchema,
  errors: ["limit_reached"],
});

export const stopJourneyOp = defineOperation({
  method: "POST",
  path: "/resend/automations/{id}/stop",
  id: "stopJourney",
  summary: "Stop new runs; runs under way go on (automations.stop)",
  tag: "Automations",
  response: stoppedJourneySchema,
});

export const listJourneyRunsOp = defineOperation({
  method: "GET",
  path: "/resend/automations/{id}/runs",
  id: "listJourneyRuns",
  summary: "An automation's runs, newest first (automations.runs.list)",
  tag: "Automations",
  query: listRunsQuerySchema,
  response: listRunsResponseSchema,
});

export const getJourneyRunOp = defineOperation({
  method: "GET",
  path: "/resend/automations/{id}/runs/{runId}",
  id: "getJourneyRun",
  summary: "A run with its steps (automations.runs.get)",
  tag: "Automations",
  response: runSchema,
});
