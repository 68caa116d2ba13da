import pino from "pino";

// Structured JSON logs on stdout; one child logger per request carries its request id.
const g = globalThis as unknown as { __mailwrightLogger?: pino.Logger };

export function logger(): pino.Logger {
  if (!g.__mailwrightLogger) {
    g.__mailwrightLogger = pino({
      level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
      base: { service: "mailwright" },
      redact: ["req.headers.authorization", "req.headers.cookie"],
    });
  }
  return g.__mailwrightLogger;
}
