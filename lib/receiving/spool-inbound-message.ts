import { now } from "@/lib/clock/clock";
import { ByteaSlices } from "@/lib/db/bytea-slices";
import { newId } from "@/lib/db/ids";
import { logger } from "@/lib/log/logger";
import { announceJobs, buildJobRows, type NewJobRow } from "@/lib/jobs/enqueue-jobs";
import { processInboundJob } from "./process-inbound-job";
import { spoolInboundMessagesSql, type SpoolRow } from "./spool-inbound-messages-sql";
import type { ReceivedForAccount } from "./store-received-email";

export interface InboundEnvelope {
  raw: Buffer;
  targets: ReceivedForAccount[];
  mailFrom: string;
  remoteAddress: string;
  helo: string | null;
}

// Group commit: while one statement is being written, the messages that reach the end of DATA
// in other sessions wait and then go together in the next one (at most GROUP_MESSAGES, and
// GROUP_BYTES of sources), so ten busy sessions share a round trip and a commit instead of
// paying ten. A message that finds the line free is written at once; nobody waits for a group
// to fill. Each caller's promise settles after the statement holding its rows committed: the
// session answers 250 only then. A group that fails as a whole (an account deleted meanwhile,
// a lost connection) is written again one message at a time, so each message gets its own answer.

const GROUP_MESSAGES = 64;
const GROUP_BYTES = 8 * 1024 * 1024;

interface Waiting {
  message: InboundEnvelope;
  ids: string[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

const queue: Waiting[] = [];
let writing = false;

/**
 * Stores an accepted message's raw source and envelope, one InboundMessage row per account it
 * is for, with a receiving.process job each. Resolves (with the rows' ids, which the parsed
 * ReceivedEmails keep) once committed.
 */
export function spoolInboundMessage(message: InboundEnvelope): Promise<string[]> {
  const ids = message.targets.map(() => newId("rcv"));
  if (!ids.length) return Promise.resolve([]);
  return new Promise<string[]>((resolve, reject) => {
    queue.push({ message, ids, resolve: () => resolve(ids), reject });
    if (!writing) void drain();
  });
}

async function drain() {
  writing = true;
  try {
    while (queue.length) {
      const group = take();
      try {
        announce(await write(group));
        for (const waiting of group) waiting.resolve();
      } catch (error) {
        if (group.length === 1) group[0].reject(error);
        else {
          for (const waiting of group) {
            await write([waiting]).then((jobs) => {
              announce(jobs);
              waiting.resolve();
            }, waiting.reject);
          }
        }
      }
    }
  } finally {
    writing = false;
  }
}

function take(): Waiting[] {
  let bytes = 0;
  let n = 0;
  while (n < queue.length && n < GROUP_MESSAGES && (n === 0 || bytes + queue[n].message.raw.length <= GROUP_BYTES)) {
    bytes += queue[n].message.raw.length;
    n++;
  }
  return queue.splice(0, n);
}

// After the commit: the message is accepted whatever happens here (a job not announced is
// picked up by the poller's next pass or the sweeper's drain).
function announce(jobs: NewJobRow[]) {
  announceJobs(jobs).catch((error: unknown) => logger().warn({ err: error }, "inbound: announcing spooled messages failed"));
}

async function write(group: Waiting[]): Promise<NewJobRow[]> {
  const rows: SpoolRow[] = [];
  const sources = new ByteaSlices();
  const jobs: NewJobRow[] = [];
  for (const { message, ids } of group) {
    const [at, length] = sources.add(message.raw);
    message.targets.forEach((target, t) => {
      const [job] = buildJobRows(processInboundJob, [{ payload: { inboundId: ids[t] } }], { accountId: target.accountId });
      jobs.push(job);
      rows.push({
        id: ids[t],
        accountId: target.accountId,
        domainId: target.domainId,
        mailFrom: message.mailFrom,
        receivedFor: target.receivedFor,
        remoteAddress: message.remoteAddress,
        helo: message.helo,
        at,
        length,
        jobId: job.id,
        jobName: job.name,
        payload: job.payload,
        maxAttempts: job.maxAttempts,
      });
    });
  }
  await spoolInboundMessagesSql(rows, sources.buffer(), now());
  return jobs;
}
