import { apiHandler } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { now, setClock, syncClock, testClockEnabled } from "@/lib/clock/clock";
import { setClockBodySchema } from "@/lib/clock/schemas";

// Without the test clock these routes do not exist, even for an authenticated caller.
const disabled = apiHandler({ public: true }, async () => {
  throw new ApiError("not_found", "not found");
});

const getClock = apiHandler({}, async () => {
  await syncClock();
  return { now: now().toISOString() };
});

const moveClock = apiHandler({ body: setClockBodySchema }, async ({ body }) => ({
  now: (await setClock(body)).toISOString(),
}));

// GET /api/dev/clock – the service's current time (test clock only)
export const GET = (req: Request) => (testClockEnabled() ? getClock : disabled)(req);

// POST /api/dev/clock – move the test clock: {"advanceMinutes": n} or {"now": "<ISO>"}
export const POST = (req: Request) => (testClockEnabled() ? moveClock : disabled)(req);
