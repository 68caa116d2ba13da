// Delivers emails in a process of its own, as the worker's email.send batch does:
//   node --max-old-space-size=N --import tsx deliver-emails-child.ts <email id>…
// Prints the batch's result per email as JSON and exits 0; a heap that runs out kills it.
import { deliverEmails } from "@/lib/emails/deliver-emails";
import { disconnectDb } from "@/lib/db/client";
import { smtpTransport } from "@/lib/transports/smtp-transport";

const results = await deliverEmails(process.argv.slice(2));
process.stdout.write(`${JSON.stringify(results.map((r) => (r ? String(r) : null)))}\n`);
await smtpTransport.close?.();
await disconnectDb();
