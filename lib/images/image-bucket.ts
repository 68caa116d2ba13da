import { AwsClient } from "aws4fetch";
import { getEnv } from "@/lib/config/env";

export interface ImageBucket {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or null when the bucket has no such key. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

/** How long one request to the bucket may take. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The S3-compatible bucket images are stored in, or null when IMAGE_S3_BUCKET is unset (they
 * are stored in the database then). Requests are signed with Signature V4 (aws4fetch) and
 * addressed path-style, which every S3-compatible service answers.
 */
export function imageBucket(): ImageBucket | null {
  const env = getEnv();
  if (!env.IMAGE_S3_BUCKET) return null;
  if (!env.IMAGE_S3_ACCESS_KEY_ID || !env.IMAGE_S3_SECRET_ACCESS_KEY) {
    throw new Error("IMAGE_S3_BUCKET is set: set IMAGE_S3_ACCESS_KEY_ID and IMAGE_S3_SECRET_ACCESS_KEY too");
  }
  const client = new AwsClient({
    accessKeyId: env.IMAGE_S3_ACCESS_KEY_ID,
    secretAccessKey: env.IMAGE_S3_SECRET_ACCESS_KEY,
    region: env.IMAGE_S3_REGION,
    service: "s3",
  });
  const endpoint = (env.IMAGE_S3_ENDPOINT ?? `https://s3.${env.IMAGE_S3_REGION}.amazonaws.com`).replace(/\/+$/, "");
  const url = (key: string) =>
    `${endpoint}/${encodeURIComponent(env.IMAGE_S3_BUCKET!)}/${key.split("/").map(encodeURIComponent).join("/")}`;
  const send = (method: string, key: string, init: { body?: Uint8Array; headers?: Record<string, string> } = {}) =>
    client.fetch(url(key), {
      method,
      body: init.body as BodyInit | undefined,
      headers: init.headers,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  const fail = async (what: string, res: Response) => {
    const text = (await res.text().catch(() => "")).slice(0, 300);
    return new Error(`image bucket: ${what} answered HTTP ${res.status} ${text}`);
  };
  return {
    async put(key, data, contentType) {
      const res = await send("PUT", key, {
        body: data,
        headers: { "Content-Type": contentType, "Content-Length": String(data.byteLength) },
      });
      if (!res.ok) throw await fail(`PUT ${key}`, res);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await send("GET", key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) throw await fail(`GET ${key}`, res);
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await send("DELETE", key);
      // Deleting a key that is not there is not an error (S3 answers 204 either way).
      if (!res.ok && res.status !== 404) throw await fail(`DELETE ${key}`, res);
      await res.arrayBuffer();
    },
  };
}

/** Where an image's bytes are kept in the bucket. */
export const imageObjectKey = (image: { id: string; accountId: string }) => `images/${image.accountId}/${image.id}`;
