// The V8 limits the worker runs under (measured by `npm run bench`, README "Speed"):
// `npm run worker`, the image's worker in compose.yaml and the bench's worker process use these
// flags (worker-node-flags.test.ts checks package.json and compose.yaml against this list).
// Every in-memory queue of the worker is bounded (batches of 200 rows, imports streamed in
// chunks of 200 rows, broadcasts paged), so the heap needs no more than its working set; without
// a limit V8 lets garbage grow to hundreds of MB before collecting it. The young generation is
// V8's usual size (16 MB semi-spaces): the journeys burst measured 1,978 steps/s at 4 MB, 2,033
// at 8 and 2,205 at 16 (a fifth of the worker's CPU went to collecting at 4), with peaks of 210,
// 225 and 253 MB resident.
export const WORKER_NODE_FLAGS = ["--max-old-space-size=256", "--max-semi-space-size=16"] as const;
