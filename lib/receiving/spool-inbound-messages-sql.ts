import { hotQuery } from "@/lib/db/hot-query";

// One statement, one round trip, for a group of accepted messages: their InboundMessage rows
// and one receiving.process job for each. Envelope fields come in the jsonb parameter; the raw
// sources come concatenated in one bytea parameter, each row naming its slice (1-based `at`,
// `length`): a Buffer parameter goes to PostgreSQL as binary, where an array of them would be
// spelled out in hex and parsed back.
const SPOOL_SQL = `
WITH m AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS m(id text, "accountId" text, "domainId" text, "mailFrom" text,
    "receivedFor" jsonb, "remoteAddress" text, helo text, at int, length int, "jobId" text, "jobName" text, payload jsonb,
    "maxAttempts" int)
),
spooled AS (
  INSERT INTO "InboundMessage" (id, "accountId", "domainId", "mailFrom", "receivedFor", raw, "remoteAddress", helo, "createdAt")
  SELECT m.id, m."accountId", m."domainId", m."mailFrom", ARRAY(SELECT jsonb_array_elements_text(m."receivedFor")),
         substring($2::bytea FROM m.at FOR m.length), m."remoteAddress", m.helo, $3::timestamp(3)
  FROM m
  RETURNING id
)
INSERT INTO "Job" (id, name, "accountId", payload, "runAt", "maxAttempts", "createdAt", "updatedAt")
SELECT m."jobId", m."jobName", m."accountId", m.payload, $3::timestamp(3), m."maxAttempts", $3::timestamp(3), $3::timestamp(3)
FROM m JOIN spooled s ON s.id = m.id`;

export interface SpoolRow {
  id: string;
  accountId: string;
  domainId: string | null;
  mailFrom: string;
  receivedFor: string[];
  remoteAddress: string;
  helo: string | null;
  /** Where the row's raw source starts in the sources passed beside (1-based), and its length. */
  at: number;
  length: number;
  jobId: string;
  jobName: string;
  payload: object;
  maxAttempts: number;
}

/** Writes the rows and their jobs (all or none); `sources` holds every row's raw source. */
export async function spoolInboundMessagesSql(rows: SpoolRow[], sources: Buffer, createdAt: Date): Promise<void> {
  await hotQuery("receiving_spool", SPOOL_SQL, [JSON.stringify(rows), sources, createdAt]);
}
