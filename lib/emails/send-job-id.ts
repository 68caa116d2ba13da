// The job id lives apart from its definition so the accept path can enqueue by name without
// importing the delivery code (and its transports) into every route bundle.
export const sendEmailJobId = "email.send";
