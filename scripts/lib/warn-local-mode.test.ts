import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { warnIfLocalModeInProduction } from "./warn-local-mode";

const saved = { APP_ENV: process.env.APP_ENV, MAIL_TRANSPORT: process.env.MAIL_TRANSPORT, SMTP_URL: process.env.SMTP_URL };

function setEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
}

afterEach(() => setEnv(saved));

describe("warnIfLocalModeInProduction", () => {
  it("writes a loud warning when a production deploy keeps the dev-inbox transport", () => {
    setEnv({ APP_ENV: "production", MAIL_TRANSPORT: "inbox" });
    const written: string[] = [];
    const lines = warnIfLocalModeInProduction((line) => written.push(line));
    expect(written).toEqual(lines);
    expect(written.join("\n")).toContain("WARNING: This production deploy delivers no mail");
    expect(written.join("\n")).toContain("MAIL_TRANSPORT=smtp");
  });

  it("stays quiet in local development and with a real transport", () => {
    const written: string[] = [];
    setEnv({ APP_ENV: undefined, MAIL_TRANSPORT: "inbox" });
    expect(warnIfLocalModeInProduction((line) => written.push(line))).toEqual([]);
    setEnv({ APP_ENV: "production", MAIL_TRANSPORT: "smtp", SMTP_URL: "smtp://relay.example.com:587" });
    expect(warnIfLocalModeInProduction((line) => written.push(line))).toEqual([]);
    expect(written).toEqual([]);
  });
});
