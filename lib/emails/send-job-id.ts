// The job ids live apart from their definitions so the accept path can enqueue by name without
// importing the delivery code (and its transports) into every route bundle.
export const sendEmailJobId = "email.send";
/** One job for the emails of one POST /emails/batch request (deliver-email-batch.ts). */
export const sendEmailBatchJobId = "email.send-batch";
