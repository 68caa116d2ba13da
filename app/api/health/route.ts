import { checkHealth } from "@/lib/health/check-health";

// GET /api/health – liveness and database reachability, for load balancers and the launcher
export async function GET() {
  const health = await checkHealth();
  return Response.json(health, { status: health.status === "ok" ? 200 : 503 });
}
