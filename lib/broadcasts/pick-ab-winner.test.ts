import { describe, expect, it } from "vitest";
import { pickAbWinner } from "./pick-ab-winner";

const row = (variant: string, delivered: number, opened: number, clicked: number) => ({ variant, delivered, opened, clicked });

describe("pickAbWinner", () => {
  it("picks the best rate per delivered email of the chosen metric", () => {
    const rows = [row("A", 10, 5, 0), row("B", 4, 3, 1), row("C", 10, 2, 3)];
    expect(pickAbWinner({ subjects: ["b", "c"], metric: "opens" }, rows)).toBe("B"); // 0.75 beats 0.5
    expect(pickAbWinner({ subjects: ["b", "c"], metric: "clicks" }, rows)).toBe("C"); // 0.3 beats 0.25
  });

  it("gives a tie to the earlier variant, and A wins when nothing was delivered", () => {
    expect(pickAbWinner({ subjects: ["b", "c"], metric: "opens" }, [row("A", 2, 1, 0), row("B", 4, 2, 0)])).toBe("A");
    expect(pickAbWinner({ subjects: ["b", "c"], metric: "opens" }, [row("B", 2, 1, 0), row("C", 4, 2, 0)])).toBe("B");
    expect(pickAbWinner({ subjects: ["b"], metric: "clicks" }, [])).toBe("A");
    expect(pickAbWinner({ subjects: ["b"], metric: "opens" }, [row("A", 0, 0, 0), row("B", 0, 0, 0)])).toBe("A");
  });
});
