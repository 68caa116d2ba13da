import { composeMessage } from "./compose-message";
import type { OutgoingMessage } from "./transport";

// Composed once per message however many times a transport asks (direct MX tries host after
// host with the same bytes, so the same signature and boundaries).
const composed = new WeakMap<OutgoingMessage, Promise<Buffer>>();

/** The message's signed bytes: as given, or composed and signed from its parts. */
export function messageBytes(message: OutgoingMessage): Promise<Buffer> {
  const { content } = message;
  if ("raw" in content) return Promise.resolve(content.raw);
  let bytes = composed.get(message);
  if (!bytes) {
    bytes = composeMessage(content.parts);
    composed.set(message, bytes);
  }
  return bytes;
}
