import { describe, expect, it } from "vitest";
import { eventCounterIncrements, type CountedEvent } from "./record-event-counters";

const at = new Date("2026-11-27T10:42:00Z");
const event = (type: string, recipientId: string, data: Record<string, unknown> = {}, accountId = "acc_a"): CountedEvent => ({
  accountId,
  emailId: `em_${recipientId}`,
  recipientId,
  type,
  createdAt: at,
  domain: "x.example",
  automationId: null,
  data,
});

describe("eventCounterIncrements", () => {
  it("sums the events of one counter row and of one clicked link into one increment each", () => {
    const { counters, links } = eventCounterIncrements([
      event("email.sent", "r1"),
      event("email.delivered", "r1"),
      event("email.opened", "r1", { unique: true }),
      event("email.clicked", "r1", { unique: true, link: "https://x.example/a" }),
      event("email.clicked", "r1", { unique: false, link: "https://x.example/a" }),
      event("email.queued", "r1"),
    ]);
    expect(counters).toHaveLength(1);
    expect(counters[0]).toMatchObject({
      accountId: "acc_a",
      bucket: new Date("2026-11-27T10:00:00Z"),
      domain: "x.example",
      automationId: "",
      counts: { sent: 1, delivered: 1, opened: 1, uniqueOpened: 1, clicked: 2, uniqueClicked: 1, bounced: 0, complained: 0 },
    });
    expect(links).toEqual([expect.objectContaining({ url: "https://x.example/a", clicks: 2, uniqueClicks: 1 })]);
  });

  it("lists the rows in the order of their keys whatever the events' order", () => {
    const forward = eventCounterIncrements([event("email.sent", "r1", {}, "acc_b"), event("email.sent", "r2", {}, "acc_a")]);
    const backward = eventCounterIncrements([event("email.sent", "r2", {}, "acc_a"), event("email.sent", "r1", {}, "acc_b")]);
    expect(forward.counters.map((c) => c.accountId)).toEqual(["acc_a", "acc_b"]);
    expect(backward.counters).toEqual(forward.counters);
  });
});
