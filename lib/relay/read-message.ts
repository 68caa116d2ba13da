import type { SMTPServerDataStream } from "smtp-server";

/** Bytes of messages the relay holds at once, across its sessions (SMTP_MAX_INFLIGHT_BYTES). */
export interface MessageBudget {
  /** Takes `bytes` if they fit under the limit; false (nothing taken) when they do not. */
  take(bytes: number): boolean;
  give(bytes: number): void;
}

export function createMessageBudget(maxBytes: number): MessageBudget {
  let used = 0;
  return {
    take(bytes) {
      if (used + bytes > maxBytes) return false;
      used += bytes;
      return true;
    },
    give(bytes) {
      used = Math.max(0, used - bytes);
    },
  };
}

export interface ReadMessage {
  /** The message, or null when it passed `maxBytes` or the budget was spent by other sessions. */
  raw: Buffer | null;
  /** Why raw is null: 552 (too large) or 452 (the relay holds too many bytes now, try later). */
  refused?: 552 | 452;
  /** Gives the message's bytes back to the budget: call once its processing is done. */
  release(): void;
}

/**
 * The message an SMTP client sends after DATA. Past `maxBytes`, or once the shared `budget`
 * (the bytes every session's message holds until processed) has no room for the next chunk,
 * the rest is read and dropped rather than kept: the stream must still end so the session can
 * answer, but the relay's memory stays bounded however many large messages arrive at once.
 */
export function readMessage(stream: SMTPServerDataStream, maxBytes: number, budget?: MessageBudget): Promise<ReadMessage> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] | null = [];
    let bytes = 0;
    let held = 0;
    let refused: 552 | 452 | undefined;
    const release = () => {
      budget?.give(held);
      held = 0;
    };
    stream.on("data", (chunk: Buffer) => {
      if (!chunks) return;
      bytes += chunk.length;
      if (bytes > maxBytes || stream.sizeExceeded) refused = 552;
      else if (budget && !budget.take(chunk.length)) refused = 452;
      else {
        held += budget ? chunk.length : 0;
        chunks.push(chunk);
        return;
      }
      chunks = null;
      release();
    });
    stream.on("end", () => resolve({ raw: chunks && Buffer.concat(chunks, bytes), refused, release }));
    stream.on("error", (error) => {
      release();
      reject(error);
    });
  });
}
