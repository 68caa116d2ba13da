declare module "autocannon" {
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p97_5: number; p99: number; average: number };
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
    errors: number;
    duration: number;
  }
  function autocannon(options: Record<string, unknown>): Promise<Result>;
  export default autocannon;
}
