import base from "../playwright.config";
import { defineConfig } from "@playwright/test";

// Temporary: the sending pages' screenshot tour, outside e2e/ so nobody else's run picks it up.
export default defineConfig({ ...base, testDir: ".", testIgnore: [], globalSetup: "../e2e/global-setup.ts", timeout: 240_000, webServer: base.webServer && { ...(base.webServer as object), cwd: ".." } as typeof base.webServer });
