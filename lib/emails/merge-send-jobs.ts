import { buildJobRows, type NewJobRow } from "@/lib/jobs/enqueue-jobs";
import { emailSendJob } from "./send-email-job";
import { emailSendBatchJob, SEND_BATCH_MAX_EMAILS as BATCH_EMAILS } from "./send-email-batch-job";

/**
 * The jobs of a group commit's accepts (group-commit-accepted-emails.ts), each accept's list in
 * its place: where two or more of them are one email each, due now, their `email.send` jobs
 * become `email.send-batch` jobs of up to 100 emails, listed with the first of those accepts (the
 * others get none). A statement then writes one Job row, with its eight index entries, for a
 * group of relayed messages or single sends instead of one per email, and the poller claims and
 * finishes one job for them. A scheduled email keeps its own job (rescheduling and cancelling
 * find it by its email), as in a batch request.
 */
export async function mergeSendJobs(groups: { accountId: string; jobs: NewJobRow[] }[]): Promise<NewJobRow[][]> {
  const single = (jobs: NewJobRow[]) =>
    jobs.length === 1 && jobs[0].name === emailSendJob.id && jobs[0].runAt.getTime() <= jobs[0].createdAt.getTime();
  const mergeable = groups.flatMap((g, i) => (single(g.jobs) ? [i] : []));
  if (mergeable.length < 2) return groups.map((g) => g.jobs);
  const merging = new Set(mergeable);
  const emailIds = mergeable.map((i) => (groups[i].jobs[0].payload as { emailId: string }).emailId);
  const { accountId } = groups[mergeable[0]];
  const chunks: { payload: { accountId: string; emailIds: string[] } }[] = [];
  for (let start = 0; start < emailIds.length; start += BATCH_EMAILS) {
    chunks.push({ payload: { accountId, emailIds: emailIds.slice(start, start + BATCH_EMAILS) } });
  }
  const merged = buildJobRows(emailSendBatchJob, chunks, { accountId });
  return groups.map((g, i) => (i === mergeable[0] ? merged : merging.has(i) ? [] : g.jobs));
}
