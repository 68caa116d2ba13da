// npm run test:image: what the container image runs, tested without Docker (no daemon here).
// Stages the sources as the Dockerfile's build context would be (tracked and untracked files,
// .gitignore'd ones left out) in a temporary directory, runs `npm run build:image` there, then,
// from the assembled .image/ directory and against a throwaway database on the PostgreSQL at
// TEST_PG_URL (default postgresql://postgres@127.0.0.1:5432/postgres):
//   node dist/migrate.mjs   the compose file's one-shot migration service
//   node dist/web.mjs       the web service (Next's standalone build behind the custom server)
//   node dist/worker.mjs    the worker service (job poller + SMTP relay)
// and sends an email end to end: account from dist/cli.mjs, a domain verified through a real DNS
// server, POST /api/v1/emails, the message arriving at a real SMTP receiver (MAIL_TRANSPORT=smtp)
// and the email turning `sent` (the smarthost's 250). Last, SIGTERM stops web and worker with exit code 0.
// IMAGE_DIR=<an assembled .image directory> skips the staging and the build.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import assert from "node:assert/strict";
import pg from "pg";
import { startDnsServer } from "../tests/helpers/dns-server";
import { startSmtpReceiver } from "../tests/helpers/smtp-receiver";

const say = (line: string) => console.log(`[test:image] ${line}`);
const started = Date.now();
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<unknown> | unknown> = [];

function stage(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "mailwright-image-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const files = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" });
  if (files.status !== 0) throw new Error("git ls-files failed");
  for (const file of files.stdout.split("\0").filter(Boolean)) {
    try {
      cpSync(file, path.join(dir, file), { recursive: true });
    } catch (error) {
      // A deleted but still tracked file: the build context would not have it either.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  // The Dockerfile runs `npm install` in its build stage; the installed tree is copied here
  // (a real copy: Next's bundler does not follow a symlinked node_modules).
  say("copying node_modules into the staged build context");
  cpSync("node_modules", path.join(dir, "node_modules"), { recursive: true, verbatimSymlinks: true });
  const step = (args: string[]) => {
    const result = spawnSync(process.execPath, args, { cwd: dir, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (result.status !== 0) throw new Error(`${args.join(" ")} failed in ${dir}`);
  };
  step(["scripts/prisma-generate.mjs"]);
  step([path.join("node_modules", "tsx", "dist", "cli.mjs"), "scripts/build-image.ts"]);
  return path.join(dir, ".image");
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The Dockerfile's CMD (its exec form): what the container runs. */
function dockerfileCmd(): string[] {
  const line = readFileSync("Dockerfile", "utf8")
    .split("\n")
    .findLast((l) => l.startsWith("CMD "));
  assert.ok(line, "the Dockerfile has no CMD");
  const command = JSON.parse(line.slice(4)) as string[];
  assert.equal(command[0], "node", "the Dockerfile's CMD runs node");
  return command;
}

function start(name: string, imageDir: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: imageDir, env, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split("\n")
      .filter(Boolean)
      .map((line) => `  [${name}] ${line}\n`)
      .join("");
  child.stdout!.on("data", (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr!.on("data", (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  children.push(child);
  return child;
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await fn();
      if (value !== undefined) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function exitOf(child: ChildProcess, timeoutMs: number): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("still running"), timeoutMs);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? String(signal));
    });
  });
}

async function main() {
  const imageDir = process.env.IMAGE_DIR ? path.resolve(process.env.IMAGE_DIR) : stage();
  const built = Date.now();
  say(`image directory: ${imageDir} (${Math.round((built - started) / 1000)} s to stage and build)`);

  const adminUrl = process.env.TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const database = `mailwright_image_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;

  const dns = await startDnsServer();
  cleanups.push(() => dns.close());
  const receiver = await startSmtpReceiver();
  cleanups.push(() => receiver.close());
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  // What a deploy sets (README, Deployment), with loopback receivers standing in for the world.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl.toString(),
    APP_SECRET: "image-test-secret-0123456789abcdef",
    APP_URL: appUrl,
    NEXTAUTH_URL: appUrl,
    PORT: String(port),
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: receiver.url,
    SMTP_PORT: String(await freePort()),
    INBOUND_SMTP_PORT: "0",
    DNS_SERVERS: dns.address,
    JOB_POLL_INTERVAL_MS: "200",
    LOG_LEVEL: "warn",
  };

  say("migrations: node dist/migrate.mjs");
  const migrate = spawnSync(process.execPath, ["dist/migrate.mjs"], { cwd: imageDir, env, encoding: "utf8" });
  process.stdout.write(migrate.stdout);
  assert.equal(migrate.status, 0, `migrate exited with ${migrate.status}: ${migrate.stderr}`);
  assert.match(migrate.stdout, /migration\(s\) applied/);

  say("account: node dist/cli.mjs account:create");
  const cli = spawnSync(
    process.execPath,
    ["dist/cli.mjs", "account:create", "--email", "ops@image.example", "--password", "image-test-password-1"],
    {
      cwd: imageDir,
      env,
      encoding: "utf8",
    },
  );
  assert.equal(cli.status, 0, `cli exited with ${cli.status}: ${cli.stderr}`);
  const { apiKey } = JSON.parse(cli.stdout) as { apiKey: string };
  assert.match(apiKey, /^mw_/);

  // The web process as the Dockerfile's CMD starts it, its V8 flags included.
  const webCommand = dockerfileCmd();
  say(`starting web (${webCommand.join(" ")}) and worker (node dist/worker.mjs)`);
  const web = start("web", imageDir, webCommand.slice(1), env);
  const worker = start("worker", imageDir, ["dist/worker.mjs"], env);
  const health = await until("GET /api/health", async () => {
    const res = await fetch(`${appUrl}/api/health`);
    return res.ok ? ((await res.json()) as { status: string }) : undefined;
  });
  assert.equal(health.status, "ok");

  // The static assets the Dockerfile copies beside the standalone server are served.
  const login = await fetch(`${appUrl}/login`);
  assert.equal(login.status, 200);
  const html = await login.text();
  const asset = html.match(/\/_next\/static\/[^"'\s]+\.(?:js|css)/)?.[0];
  assert.ok(asset, "the login page links a static asset");
  assert.equal((await fetch(`${appUrl}${asset}`)).status, 200, `${asset} is served`);
  assert.equal((await fetch(`${appUrl}/favicon.svg`)).status, 200, "public/ is served");

  const api = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${appUrl}/api/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  say("verifying a domain through the DNS server");
  const domainName = "image-test.example";
  const created = await api("POST", "/domains", { domain: domainName });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  for (const r of created.body.records as Array<{ type: string; name: string; value: string; priority?: number }>) {
    if (r.type === "MX") dns.mx(r.name, { exchange: `${r.value}.`, priority: r.priority ?? 10 });
    else dns.txt(r.name, r.value);
  }
  const verified = await api("POST", `/domains/${created.body.id}/verify`);
  assert.equal(verified.status, 200, JSON.stringify(verified.body));
  assert.equal(verified.body.status, "verified");

  say("sending an email through the API");
  const subject = `Image test ${Date.now()}`;
  const sent = await api("POST", "/emails", {
    from: `Ops <ops@${domainName}>`,
    to: "reader@inbox.example",
    subject,
    text: "Sent by the image test.",
  });
  assert.equal(sent.status, 201, JSON.stringify(sent.body));
  const message = await until("the message at the SMTP receiver", async () => receiver.messages.find((m) => m.raw.includes(subject)));
  assert.deepEqual(message.rcptTo, ["reader@inbox.example"]);
  assert.match(message.raw.toString(), /DKIM-Signature:/i);
  // A smarthost's 250 is `sent`: accepted for delivery, no outcome known yet (docs/reliability.md, Statuses).
  const handedOver = await until("the email to turn sent", async () => {
    const email = await api("GET", `/emails/${sent.body.id}`);
    return email.body.status === "sent" ? email.body : undefined;
  });
  assert.equal(handedOver.status, "sent");

  say("SIGTERM to web and worker");
  web.kill("SIGTERM");
  worker.kill("SIGTERM");
  const [webExit, workerExit] = await Promise.all([exitOf(web, 20_000), exitOf(worker, 20_000)]);
  assert.equal(webExit, 0, `web exit: ${webExit}`);
  assert.equal(workerExit, 0, `worker exit: ${workerExit}`);

  say(`passed: build ${Math.round((built - started) / 1000)} s, run ${Math.round((Date.now() - built) / 1000)} s`);
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`[test:image] FAILED: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error(error));
}
process.exit(failed ? 1 : 0);
