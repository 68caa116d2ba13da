// The V8 limits the worker runs under (measured by `npm run bench`, README "Speed"):
// `npm run worker`, the image's worker in compose.yaml and the bench's worker process use these
// flags (worker-node-flags.test.ts checks package.json and compose.yaml against this list).
// Every in-memory queue of the worker is bounded (batches of 200 rows, imports streamed in
// chunks of 200 rows, broadcasts paged), so the heap needs no more than its working set; without
// a limit V8 lets garbage grow to hundreds of MB before collecting it. A small young generation
// (4 MB semi-spaces instead of 16) keeps about 40 MB more out of the resident set.
export const WORKER_NODE_FLAGS = ["--max-old-space-size=256", "--max-semi-space-size=4"] as const;
