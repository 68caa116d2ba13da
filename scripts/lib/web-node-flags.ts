// V8 flags of the web process, wherever it runs: the launcher's web server (scripts/start.ts),
// `npm run start:web`, the image's CMD and compose.yaml's web service (web-node-flags.test.ts
// checks package.json, the Dockerfile and compose.yaml against this list) and the bench's server.
// A request allocates a lot that dies young (the parsed body, the validated copy, the rows, the
// statement's JSON): with 64 MB semi-spaces instead of V8's default 16 MB the young generation is
// collected a quarter as often and less of it lives long enough to be copied into the old one.
// Measured with `npm run bench` (this machine, two runs each): the web server's CPU per
// batch-accepted email 35.2 and 34.0 µs without, 32.2 and 30.2 µs with. The cost is memory: up
// to about 128 MB more young generation under load.
export const WEB_NODE_FLAGS = ["--max-semi-space-size=64"] as const;
