import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { createDownloadToken, DOWNLOAD_TTL_MS, readDownloadToken } from "./download-token";

beforeAll(() => {
  process.env.APP_SECRET ??= "unit-test-secret-0123456789";
  resetEnvCache();
});

describe("download tokens", () => {
  it("open what they name until they expire", () => {
    const { token } = createDownloadToken("att", "att_abc123", 1_000);
    expect(readDownloadToken(token, 1_000)).toEqual({ kind: "att", id: "att_abc123" });
    expect(readDownloadToken(token, 1_000 + DOWNLOAD_TTL_MS + 1)).toBeNull();
  });

  it("refuse an altered kind, id or expiry", () => {
    const { token } = createDownloadToken("raw", "rcv_abc123", 1_000);
    const [, id, expires, mac] = token.split(".");
    expect(readDownloadToken(`att.${id}.${expires}.${mac}`, 1_000)).toBeNull();
    expect(readDownloadToken(`raw.rcv_abc124.${expires}.${mac}`, 1_000)).toBeNull();
    expect(readDownloadToken(`raw.${id}.${Number(expires) + 1}.${mac}`, 1_000)).toBeNull();
    expect(readDownloadToken("raw.rcv_x", 1_000)).toBeNull();
  });
});
