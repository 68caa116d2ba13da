import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WEB_NODE_FLAGS } from "./web-node-flags";

const root = process.cwd();
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("the web process's V8 flags", () => {
  it("npm run start:web, the image's CMD and compose.yaml's web service run with WEB_NODE_FLAGS", () => {
    const startWeb = JSON.parse(read("package.json")).scripts["start:web"] as string;
    expect(startWeb).toBe(`node ${WEB_NODE_FLAGS.join(" ")} --import tsx scripts/web-server.ts`);
    const command = JSON.stringify(["node", ...WEB_NODE_FLAGS, "dist/web.mjs"]).replace(/,/g, ", ");
    expect(read("Dockerfile")).toContain(`CMD ${command}`);
    expect(read("compose.yaml")).toContain(`command: ${command}`);
  });
});
