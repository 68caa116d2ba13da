import { describe, expect, it } from "vitest";
import type { DeliveryRecipient } from "./read-email-for-delivery-sql";
import { attemptMessageId, dueRecipients } from "./delivery-rules";

const recipient = (id: string, status: string, nextAttemptAt: Date | null = null) =>
  ({ id, status, nextAttemptAt, messageId: null }) as unknown as DeliveryRecipient;

describe("dueRecipients", () => {
  const at = new Date("2026-01-01T12:00:00Z");

  it("takes the queued, the mid-attempt and the deferred whose time has come", () => {
    const due = dueRecipients(
      [
        recipient("q", "queued"),
        recipient("s", "sending"),
        recipient("d-past", "deferred", new Date("2026-01-01T11:59:00Z")),
        recipient("d-now", "deferred", at),
        recipient("d-unset", "deferred"),
        recipient("d-later", "deferred", new Date("2026-01-01T12:01:00Z")),
        recipient("done", "delivered"),
        recipient("b", "bounced"),
        recipient("x", "suppressed"),
      ],
      at,
    );
    expect(due.map((r) => r.id)).toEqual(["q", "s", "d-past", "d-now", "d-unset"]);
  });
});

describe("attemptMessageId", () => {
  it("is the recipient's id at the sending domain on a first attempt", () => {
    expect(attemptMessageId({ id: "rcp_1", messageId: null }, "mail.example")).toBe("<rcp_1@mail.example>");
  });

  it("keeps the first attempt's Message-ID on a re-send", () => {
    expect(attemptMessageId({ id: "rcp_1", messageId: "<first@old.example>" }, "mail.example")).toBe("<first@old.example>");
  });
});
