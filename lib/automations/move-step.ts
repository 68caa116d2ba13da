/**
 * The steps in their new order after moving one from `from` to `to`, for PUT .../steps. A step's
 * delay is its own (the wait before it sends), so it moves with the step: a "Free shipping"
 * email that waits 3 days still waits 3 days in its new place. Null when nothing moves.
 */
export function moveStep<T extends { id: string; delayMinutes: number }>(
  steps: readonly T[],
  from: number,
  to: number,
): { id: string; delayMinutes: number }[] | null {
  const step = steps[from];
  if (!step || to < 0 || to >= steps.length || to === from) return null;
  const order = steps.filter((_, i) => i !== from);
  order.splice(to, 0, step);
  return order.map((s) => ({ id: s.id, delayMinutes: s.delayMinutes }));
}
