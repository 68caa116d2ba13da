import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

// Runs one CSV import chunk by chunk; progress is committed with each chunk, so a retry or a
// crashed worker's successor resumes where the last commit left off.
export const contactImportJob = defineJob({
  id: "contacts.import",
  payload: z.object({ importId: z.string() }),
  maxAttempts: 5,
});
