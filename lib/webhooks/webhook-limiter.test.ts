import { describe, expect, it } from "vitest";
import { acquireWebhookSlot, webhookSlotsInUse } from "./webhook-limiter";

describe("per-webhook in-flight limit", () => {
  it("lets at most `limit` run at once per webhook and hands slots on in order", async () => {
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const work = async (n: number) => {
      const release = await acquireWebhookSlot("wh_a", 2);
      running += 1;
      peak = Math.max(peak, running);
      order.push(n);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
      release();
      release(); // a second release is a no-op
    };
    await Promise.all([1, 2, 3, 4, 5, 6].map(work));
    expect(peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
    expect(webhookSlotsInUse("wh_a")).toBe(0);
  });

  it("keeps webhooks independent", async () => {
    const a = await acquireWebhookSlot("wh_b", 1);
    const b = await acquireWebhookSlot("wh_c", 1);
    expect(webhookSlotsInUse("wh_b")).toBe(1);
    expect(webhookSlotsInUse("wh_c")).toBe(1);
    a();
    b();
  });
});
