import type { SMTPServerSession } from "smtp-server";

/**
 * Open relay sessions per client address, so one address cannot take every connection the
 * server allows (SMTP_MAX_CONNECTIONS_PER_ADDRESS). A session counts from an accepted
 * onConnect to its onClose; a refused one never counted, so its close changes nothing.
 */
export function createConnectionLimiter(maxPerAddress: number) {
  const open = new Map<string, number>();
  // The address each counted session was counted under.
  const counted = new WeakMap<SMTPServerSession, string>();
  return {
    /** Counts the session and returns true, or returns false when its address is at the limit. */
    admit(session: SMTPServerSession): boolean {
      const address = session.remoteAddress;
      const count = open.get(address) ?? 0;
      if (count >= maxPerAddress) return false;
      open.set(address, count + 1);
      counted.set(session, address);
      return true;
    },
    release(session: SMTPServerSession) {
      const address = counted.get(session);
      if (address === undefined) return;
      counted.delete(session);
      const count = (open.get(address) ?? 1) - 1;
      if (count > 0) open.set(address, count);
      else open.delete(address);
    },
  };
}
