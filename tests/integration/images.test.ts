import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listImagesRoute, POST as uploadRoute } from "@/app/api/v1/images/route";
import { DELETE as deleteImageRoute } from "@/app/api/v1/images/[id]/route";
import { GET as servedImageRoute } from "@/app/i/[file]/route";
import { getDb } from "@/lib/db/client";
import { imageBucket, imageObjectKey } from "@/lib/images/image-bucket";
import { call, makeAccount } from "../helpers/api";
import { withEnv } from "../helpers/with-env";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 220 } } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 220, g: 80, b: 20 } } })
    .jpeg()
    .toBuffer();
// Random pixels: PNG cannot compress them, so the stored size is about width*height*3.
const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();

function form(bytes: Uint8Array, name = "image.png", type = "image/png") {
  const data = new FormData();
  data.append("file", new File([new Uint8Array(bytes)], name, { type }));
  return data;
}

const upload = (key: string, body: FormData | string, headers?: Record<string, string>) =>
  call(uploadRoute, { method: "POST", path: "/api/v1/images", key, rawBody: body, headers });

async function served(url: string) {
  const file = new URL(url).pathname.split("/").pop()!;
  const res = await servedImageRoute(new Request(url), { params: Promise.resolve({ file }) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("image upload", () => {
  it("stores a PNG and a JPEG resized to email width (aspect and format kept) and serves them with long cache headers", async () => {
    const { key, accountId } = await makeAccount();
    const wide = await upload(key, form(await png(2400, 1200)));
    expect(wide.status).toBe(201);
    expect(wide.json).toMatchObject({ contentType: "image/png", width: 1200, height: 600 });
    expect(wide.json.url).toMatch(/\/i\/img_[0-9A-Za-z]+\.png$/);
    const stored = await getDb().image.findUniqueOrThrow({ where: { id: wide.json.id } });
    expect(stored.accountId).toBe(accountId);
    expect(stored.storage).toBe("database");
    const decoded = await sharp(stored.data!).metadata();
    expect([decoded.format, decoded.width, decoded.height]).toEqual(["png", 1200, 600]);

    // Named .png and declared image/png, but a JPEG by content: stored and served as a JPEG.
    const photo = await upload(key, form(await jpeg(3000, 1000), "photo.png", "image/png"));
    expect(photo.status).toBe(201);
    expect(photo.json).toMatchObject({ contentType: "image/jpeg", width: 1200, height: 400 });
    expect(photo.json.url).toMatch(/\.jpg$/);

    // A small image keeps its size.
    const small = await upload(key, form(await png(300, 100)));
    expect(small.json).toMatchObject({ width: 300, height: 100 });

    const { res, bytes } = await served(wide.json.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(bytes.equals(Buffer.from(stored.data!))).toBe(true);
    expect((await sharp(bytes).metadata()).width).toBe(1200);

    // One address per image: another extension, or an id that does not exist, is a 404.
    expect((await served(wide.json.url.replace(/\.png$/, ".gif"))).res.status).toBe(404);
    expect((await served(wide.json.url.replace(/img_[0-9A-Za-z]+/, "img_doesnotexist"))).res.status).toBe(404);

    const list = await call(listImagesRoute, { path: "/api/v1/images", key });
    expect(list.json.data.map((i: { id: string }) => i.id)).toEqual([small.json.id, photo.json.id, wide.json.id]);
  });

  it("refuses content that is not an image, whatever its name and declared type says", async () => {
    const { key, accountId } = await makeAccount();
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const fake = await upload(key, form(html, "logo.png", "image/png"));
    expect(fake.status).toBe(415);
    expect(fake.json.error).toMatchObject({ code: "unsupported_media_type", details: [{ path: "file" }] });
    expect(fake.json.error.message).toMatch(/not a PNG, JPEG, GIF or WebP/);

    const svg = await upload(key, form(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), "a.svg", "image/svg+xml"));
    expect(svg.status).toBe(415);

    // PNG's magic bytes, then garbage: not a readable PNG.
    const truncated = (await png(100, 100)).subarray(0, 40);
    const broken = await upload(key, form(truncated));
    expect(broken.status).toBe(415);
    expect(broken.json.error.message).toMatch(/not a readable PNG/);

    const withoutFile = new FormData();
    withoutFile.append("other", "x");
    const noFile = await upload(key, withoutFile);
    expect(noFile.status).toBe(400);
    expect(noFile.json.error.details).toEqual([{ path: "file", message: "required" }]);

    const json = await upload(key, JSON.stringify({ file: "x" }), { "content-type": "application/json" });
    expect(json.status).toBe(415);
    expect(await getDb().image.count({ where: { accountId } })).toBe(0);
  });

  it("refuses an image over IMAGE_MAX_BYTES with 413, streamed without a length too", async () => {
    const { key, accountId } = await makeAccount();
    await withEnv({ IMAGE_MAX_BYTES: String(64 * 1024) }, async () => {
      const big = await upload(key, form(await noisePng(200, 200)));
      expect(big.status).toBe(413);
      expect(big.json.error).toMatchObject({ code: "payload_too_large", details: [{ path: "file" }] });
      expect(big.json.error.message).toMatch(/larger than 65536 bytes/);

      // A chunked body with no Content-Length is cut off at the limit, not read to its end.
      let pulled = 0;
      const chunk = new Uint8Array(64 * 1024);
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(chunk);
        },
      });
      const req = new Request("http://localhost/api/v1/images", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "multipart/form-data; boundary=x" },
        body: endless,
        duplex: "half",
      } as RequestInit);
      const res = await uploadRoute(req, { params: Promise.resolve({}) });
      expect(res.status).toBe(413);
      expect(pulled).toBeLessThan(10);
    });
    expect(await getDb().image.count({ where: { accountId } })).toBe(0);
  });

  it("refuses an upload past the account's storage quota with 403 limit_reached, and counts per account", async () => {
    const { key, accountId } = await makeAccount();
    const other = await makeAccount();
    await withEnv({ IMAGE_STORAGE_MB_PER_ACCOUNT: "1" }, async () => {
      const noise = await noisePng(600, 300); // about 540 KB stored
      expect((await upload(key, form(noise))).status).toBe(201);
      const over = await upload(key, form(noise));
      expect(over.status).toBe(403);
      expect(over.json.error.code).toBe("limit_reached");
      expect(over.json.error.message).toMatch(/image storage quota/);
      // Another account's quota is its own.
      expect((await upload(other.key, form(noise))).status).toBe(201);
    });
    expect(await getDb().image.count({ where: { accountId } })).toBe(1);
  });

  it("deletes only the account's own images; a deleted image's address answers 404", async () => {
    const a = await makeAccount();
    const b = await makeAccount();
    const image = (await upload(a.key, form(await png(50, 50)))).json;
    const foreign = await call(deleteImageRoute, { method: "DELETE", path: "/", key: b.key, params: { id: image.id } });
    expect(foreign.status).toBe(404);
    expect((await served(image.url)).res.status).toBe(200);
    expect((await call(listImagesRoute, { path: "/api/v1/images", key: b.key })).json.data).toEqual([]);

    const own = await call(deleteImageRoute, { method: "DELETE", path: "/", key: a.key, params: { id: image.id } });
    expect(own.json).toEqual({ id: image.id, deleted: true });
    expect((await served(image.url)).res.status).toBe(404);
  });

  it("needs a full_access key (a send:email key may not upload)", async () => {
    const sendOnly = await makeAccount({ scopes: ["send:email"] });
    const res = await upload(sendOnly.key, form(await png(10, 10)));
    expect(res.status).toBe(403);
  });
});

// An S3-compatible bucket: s3rver, an S3 API server on loopback that keeps the objects in a
// directory. It refuses an access key it does not know; it does not recompute Signature V4
// (aws4fetch signs, and its own tests cover the arithmetic).
describe("image upload to an S3-compatible bucket", () => {
  let s3: S3rver;
  let dir: string;
  let endpoint: string;
  const bucketEnv = (accessKeyId = "S3RVER") => ({
    IMAGE_S3_BUCKET: "mw-images",
    IMAGE_S3_ENDPOINT: endpoint,
    IMAGE_S3_REGION: "us-east-1",
    IMAGE_S3_ACCESS_KEY_ID: accessKeyId,
    IMAGE_S3_SECRET_ACCESS_KEY: "S3RVER",
  });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mw-s3-"));
    s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, configureBuckets: [{ name: "mw-images" }] });
    const address = await s3.run();
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores the bytes in the bucket, serves them from APP_URL, and deletes the object with the image", async () => {
    const { key, accountId } = await makeAccount();
    await withEnv(bucketEnv(), async () => {
      const uploaded = await upload(key, form(await png(1600, 800)));
      expect(uploaded.status).toBe(201);
      expect(uploaded.json).toMatchObject({ contentType: "image/png", width: 1200, height: 600 });
      const row = await getDb().image.findUniqueOrThrow({ where: { id: uploaded.json.id } });
      expect([row.storage, row.data]).toEqual(["s3", null]);
      const object = await imageBucket()!.get(imageObjectKey({ id: row.id, accountId }));
      expect((await sharp(object!).metadata()).width).toBe(1200);
      expect(object!.byteLength).toBe(row.bytes);

      const { res, bytes } = await served(uploaded.json.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(bytes.equals(Buffer.from(object!))).toBe(true);

      const deleted = await call(deleteImageRoute, { method: "DELETE", path: "/", key, params: { id: row.id } });
      expect(deleted.status).toBe(200);
      expect(await imageBucket()!.get(imageObjectKey({ id: row.id, accountId }))).toBeNull();
      expect((await served(uploaded.json.url)).res.status).toBe(404);
    });
  });

  it("answers 503 and stores nothing when the bucket refuses the upload (a key it does not know)", async () => {
    const { key, accountId } = await makeAccount();
    await withEnv(bucketEnv("NOT-A-KEY"), async () => {
      const refused = await upload(key, form(await png(100, 100)));
      expect(refused.status).toBe(503);
      expect(refused.json.error.code).toBe("service_unavailable");
    });
    expect(await getDb().image.count({ where: { accountId } })).toBe(0);
  });

  it("an image stored in the database before the bucket was set up is still served from there", async () => {
    const { key } = await makeAccount();
    const before = await upload(key, form(await png(120, 60)));
    expect(before.status).toBe(201);
    await withEnv(bucketEnv(), async () => {
      const { res, bytes } = await served(before.json.url);
      expect(res.status).toBe(200);
      expect((await sharp(bytes).metadata()).width).toBe(120);
    });
  });
});
