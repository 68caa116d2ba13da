import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WORKER_NODE_FLAGS } from "./worker-node-flags";

const root = process.cwd();

describe("the worker's V8 limits", () => {
  it("npm run worker and the image's worker in compose.yaml run with WORKER_NODE_FLAGS", () => {
    const worker = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.worker as string;
    expect(worker).toBe(`node ${WORKER_NODE_FLAGS.join(" ")} scripts/run-worker.mjs`);
    const compose = readFileSync(path.join(root, "compose.yaml"), "utf8");
    const command = JSON.stringify(["node", ...WORKER_NODE_FLAGS, "dist/worker.mjs"]).replace(/,/g, ", ");
    expect(compose).toContain(`command: ${command}`);
  });
});
