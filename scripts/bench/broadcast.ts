/**
 * Broadcast fan-out: a list of N members (seeded in SQL) fanned out by the real broadcasts.send
 * handler: per batch of BROADCAST_BATCH_SIZE members one page read, a render per member and one
 * accept statement (emails, recipients, first events, delivery jobs, the debit). Beside it, the
 * baseline: one INSERT ... SELECT of the same Email and EmailRecipient rows for the same members
 * (no rendering, events, jobs or credits), the fastest the database writes those rows here.
 * Delivery is not part of it (the delivery section measures that).
 */
export async function benchBroadcast(options: { accountId: string; from: string; members: number; workerMembers: number }) {
  const { getDb } = await import("@/lib/db/client");
  const { newId } = await import("@/lib/db/ids");
  const { runBroadcast } = await import("@/lib/broadcasts/run-broadcast");
  const db = getDb();
  const a = options.accountId;
  const listId = newId("lst");
  await db.contactList.create({ data: { id: listId, accountId: a, name: "Broadcast bench" } });
  const { seedingClient } = await import("./setup");
  const seeder = await seedingClient();
  await seeder.query(
    `INSERT INTO "Contact" (id, "accountId", email, name, properties, "updatedAt")
     SELECT 'con_bcast' || lpad(g::text, 7, '0'), $1, 'reader+' || g || '@sink.example', 'Reader ' || g, jsonb_build_object('plan', 'pro'), now()
     FROM generate_series(1, $2::int) g`,
    [a, options.members],
  );
  await seeder.query(
    `INSERT INTO "ListMembership" ("listId", "contactId") SELECT $1, 'con_bcast' || lpad(g::text, 7, '0') FROM generate_series(1, $2::int) g`,
    [listId, options.members],
  );
  const broadcastId = await createSendingBroadcast({ accountId: a, from: options.from, listId, name: "Bench" });

  // Seeded just now: the statistics autovacuum would have gathered meanwhile (not measured).
  const { vacuumIfAutovacuumOff } = await import("./vacuum");
  await vacuumIfAutovacuumOff();
  const { startCpuProfile } = await import("./measure-process");
  const { measurePostgresCpu } = await import("./postgres-cpu");
  const profile = await startCpuProfile(process.env.BENCH_BROADCAST_CPU_PROFILE);
  const pgCpu = await measurePostgresCpu();
  const cpu = process.cpuUsage();
  let started = performance.now();
  const result = await runBroadcast(broadcastId);
  const fanoutSeconds = (performance.now() - started) / 1000;
  const nodeCpu = process.cpuUsage(cpu);
  const postgresMs = await pgCpu.stop();
  await profile.stop();
  if (result.status !== "sent" || result.emails !== options.members) throw new Error(`broadcast bench: ${JSON.stringify(result)}`);

  const baselineId = newId("bc");
  started = performance.now();
  await seeder.query("BEGIN");
  await seeder.query(
    `INSERT INTO "Email" (id, "accountId", "domainId", "from", "to", cc, bcc, "replyTo", subject, html, tags, status, "broadcastId", "contactId", "lastEvent", "updatedAt")
     SELECT 'em_base' || c.id, c."accountId", NULL, $2, ARRAY[c.email], '{}', '{}', '{}', 'News for ' || c.name,
            '<h1>Hi ' || c.name || '</h1>', '[]', 'queued', $3, c.id, 'email.queued', now()
     FROM "ListMembership" m JOIN "Contact" c ON c.id = m."contactId" WHERE m."listId" = $1`,
    [listId, options.from, baselineId],
  );
  await seeder.query(
    `INSERT INTO "EmailRecipient" (id, "accountId", "emailId", email, kind, "verpToken", "updatedAt")
     SELECT 'rcp_base' || c.id, c."accountId", 'em_base' || c.id, c.email, 'to', 'base' || c.id, now()
     FROM "ListMembership" m JOIN "Contact" c ON c.id = m."contactId" WHERE m."listId" = $1`,
    [listId],
  );
  await seeder.query("COMMIT");
  const baselineSeconds = (performance.now() - started) / 1000;
  await seeder.end();
  // The fan-out's delivery jobs are not this section's work.
  await db.job.deleteMany({ where: { accountId: a, name: { in: ["email.send", "email.send-batch"] }, status: "pending" } });
  const inWorker = await fanOutInWorker({ accountId: a, from: options.from, listId, members: options.workerMembers });
  return {
    inWorker,
    members: options.members,
    batches: result.batches,
    fanoutRate: options.members / fanoutSeconds,
    baselineRate: options.members / baselineSeconds,
    fanoutSeconds,
    // Load-independent figures: CPU per member of this process and of PostgreSQL's backends.
    nodeCpuMsPerMember: (nodeCpu.user + nodeCpu.system) / 1000 / options.members,
    postgresCpuMsPerMember: postgresMs / options.members,
  };
}

/**
 * The fan-out's memory where production runs it: the worker in its own process (scripts/worker.ts
 * with every job and its V8 limits, as `npm run worker` runs it; MAIL_TRANSPORT=inbox, so the
 * deliveries it starts meanwhile stay on this machine), sending a broadcast to the first
 * `members` of the list. The broadcast and its job are stored an hour ahead with the worker
 * idle, then made due in one statement; its RSS is read from /proc until the fan-out is done.
 * The worker delivers while it fans out, so its rate is not the accept-only row's.
 */
async function fanOutInWorker(options: { accountId: string; from: string; listId: string; members: number }) {
  const { getDb } = await import("@/lib/db/client");
  const { newId } = await import("@/lib/db/ids");
  const { enqueueJob } = await import("@/lib/jobs/enqueue-job");
  const { broadcastJobKey, sendBroadcastJob } = await import("@/lib/broadcasts/send-broadcast-job");
  const { workerBurst } = await import("./worker-burst");
  const db = getDb();
  const a = options.accountId;
  const listId = newId("lst");
  await db.contactList.create({ data: { id: listId, accountId: a, name: "Broadcast bench, worker" } });
  await db.$executeRaw`INSERT INTO "ListMembership" ("listId", "contactId")
    SELECT ${listId}, "contactId" FROM "ListMembership" WHERE "listId" = ${options.listId} ORDER BY "contactId" LIMIT ${options.members}`;
  const broadcastId = await createSendingBroadcast({ accountId: a, from: options.from, listId, name: "Bench, worker" });
  const job = await enqueueJob(
    sendBroadcastJob,
    { broadcastId },
    { runAt: new Date(Date.now() + 3600_000), dedupeKey: broadcastJobKey(broadcastId), accountId: a },
  );
  const status = async () => (await db.broadcast.findUniqueOrThrow({ where: { id: broadcastId }, select: { status: true } })).status;
  const run = await workerBurst({
    env: { MAIL_TRANSPORT: "inbox" },
    makeDue: () => db.job.update({ where: { id: job.job.id }, data: { runAt: new Date() } }),
    busy: async () => (await status()) === "sending",
  });
  await run.stop();
  const emails = await db.email.count({ where: { broadcastId } });
  if ((await status()) !== "sent" || emails !== options.members)
    throw new Error(`broadcast bench in the worker: ${await status()}, ${emails} emails`);
  await db.job.deleteMany({ where: { accountId: a, name: { in: ["email.send", "email.send-batch"] }, status: "pending" } });
  return {
    members: options.members,
    rate: options.members / run.seconds,
    rssIdleMb: run.rssIdleMb,
    peakRssMb: run.peakRssMb,
    hwmMb: run.hwmMb,
  };
}

/** The bench's broadcast, already sending (as POST /broadcasts/:id/send leaves it), to `listId`. */
async function createSendingBroadcast(options: { accountId: string; from: string; listId: string; name: string }) {
  const { getDb } = await import("@/lib/db/client");
  const { newId } = await import("@/lib/db/ids");
  const id = newId("bc");
  await getDb().broadcast.create({
    data: {
      id,
      accountId: options.accountId,
      name: options.name,
      from: options.from,
      subject: "News for {{name}}",
      html: '<h1>Hi {{name}}</h1><p>Your plan: {{plan}}</p><a href="https://example.com/x">link</a> <a href="{{{unsubscribe_url}}}">unsubscribe</a>',
      listId: options.listId,
      status: "sending",
      startedAt: new Date(),
    },
  });
  return id;
}
