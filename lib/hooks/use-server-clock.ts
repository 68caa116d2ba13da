import { useQuery } from "@tanstack/react-query";

/**
 * How far the service's clock is from the browser's, in ms: the server may run a test clock
 * (ENABLE_TEST_CLOCK), and "the last 30 days" must mean the server's last 30 days.
 */
export function useServerClockOffset(): number | undefined {
  const query = useQuery({
    queryKey: ["server-clock"],
    queryFn: async () => {
      const sentAt = Date.now();
      const res = await fetch("/api/health", { cache: "no-store" });
      const body = (await res.json()) as { now: string };
      const receivedAt = Date.now();
      return new Date(body.now).getTime() - (sentAt + receivedAt) / 2;
    },
    staleTime: 60_000,
  });
  return query.data;
}
