// The dashboard's name for a broadcast's state (browser-safe): the stored status, except that a
// broadcast waiting out its subject A/B test (its test group sent, the end set, no winner yet)
// is "testing", not "sending".

export function broadcastDisplayStatus(broadcast: {
  status: string;
  abTestResult?: { endsAt: string | null; winner: string | null } | null;
}): string {
  const test = broadcast.abTestResult;
  if (broadcast.status === "sending" && test?.endsAt && !test.winner) return "testing";
  return broadcast.status;
}
