import { variantName, type AbTest } from "./ab-test-schema";

export interface VariantNumbers {
  variant: string;
  delivered: number;
  opened: number;
  clicked: number;
}

/**
 * The winning variant of a subject test: the best rate of the metric, unique opens or clicks per
 * delivered email (0 with nothing delivered). A tie goes to the earlier variant, so A (the
 * broadcast's own subject) wins when nothing tells the variants apart.
 */
export function pickAbWinner(test: Pick<AbTest, "subjects" | "metric">, rows: VariantNumbers[]): string {
  const byVariant = new Map(rows.map((r) => [r.variant, r]));
  let best = { variant: variantName(0), rate: -1 };
  for (let i = 0; i <= test.subjects.length; i++) {
    const variant = variantName(i);
    const row = byVariant.get(variant);
    const hits = row ? (test.metric === "opens" ? row.opened : row.clicked) : 0;
    const rate = row && row.delivered > 0 ? hits / row.delivered : 0;
    if (rate > best.rate) best = { variant, rate };
  }
  return best.variant;
}
