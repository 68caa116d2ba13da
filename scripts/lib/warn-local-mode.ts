import { localModeWarning } from "@/lib/config/local-mode";

/**
 * A production deploy that still delivers nothing (MAIL_TRANSPORT=inbox) says so loudly when a
 * process starts, where whoever deploys it reads the log. Returns the lines it wrote.
 */
export function warnIfLocalModeInProduction(write: (line: string) => void = (line) => console.warn(line)): string[] {
  const warning = localModeWarning();
  if (!warning) return [];
  const rule = "!".repeat(78);
  const lines = [rule, `!! WARNING: ${warning}`, rule];
  for (const line of lines) write(line);
  return lines;
}
