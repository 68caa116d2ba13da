import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { getDb } from "@/lib/db/client";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { deliverToSmtpReceiver, type SmtpReceiver } from "../helpers/smtp-transport-receiver";

// What one send can make the worker hold: the email.send batch builds each recipient's message
// (a copy of the body with its own tracking) before it hands them over. A large body to many
// recipients is delivered one recipient at a time instead (deliver-emails.ts,
// BATCH_CONTENT_MAX_BYTES), so the worker's heap, 256 MB in production, is not what one
// account's request can exhaust.

const CHILD = path.resolve(import.meta.dirname, "../helpers/deliver-emails-child.ts");

let receiver: SmtpReceiver;
deliverToSmtpReceiver((r) => (receiver = r));

function deliverInChild(emailId: string, heapMb: number) {
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, "--import", "tsx", CHILD, emailId], {
    env: { ...process.env, LOG_LEVEL: "silent", DB_POOL_SIZE: "2" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, output })),
  );
}

describe("delivery memory", () => {
  it("delivers a 1 MB body to 40 recipients within a 112 MB heap", async () => {
    const account = await makeAccount();
    await getDb().account.update({ where: { id: account.accountId }, data: { trackOpens: true, trackClicks: true } });
    const domain = await makeVerifiedDomain(account.accountId);
    const paragraph = `<p>Plenty of words for the body, with a <a href="https://example.com/read">link</a>.</p>`;
    const html = paragraph.repeat(Math.ceil(1_000_000 / paragraph.length));
    const to = Array.from({ length: 40 }, (_, i) => `reader${i}@big.example`);
    const sent = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: account.key,
      body: { from: `News <news@${domain.domain}>`, to, subject: "The long read", html },
    });
    expect(sent.status).toBe(201);
    const id = sent.json.id as string;

    const run = await deliverInChild(id, 112);
    expect(run, run.output.slice(-2000)).toMatchObject({ code: 0, signal: null });
    expect(JSON.parse(run.output.trim().split("\n").at(-1)!)).toEqual([null]);
    const received = receiver.messages.filter((m) => m.rcptTo.some((r) => r.endsWith("@big.example")));
    expect(received.flatMap((m) => m.rcptTo).sort()).toEqual([...to].sort());
    receiver.messages.length = 0;
    const recipients = await getDb().emailRecipient.findMany({ where: { emailId: id }, select: { status: true } });
    // A smarthost took them: sent (delivered is for a receiver that is the destination).
    expect(recipients.map((r) => r.status)).toEqual(to.map(() => "sent"));
    // The bound under test is the heap; the time is the machine's (24 s on a quiet PostgreSQL
    // server, over 120 s on the embedded database beside the e2e tier on 2 cores).
  }, 300_000);
});
