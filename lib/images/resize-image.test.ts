import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prepareImage } from "./resize-image";

const solid = (width: number, height: number, colour = "#1d4ed8") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe("prepareImage", () => {
  it("scales a wide image down to 1200 px, the aspect and format kept", async () => {
    const webp = await sharp(await solid(2000, 500))
      .webp()
      .toBuffer();
    const out = await prepareImage(webp, "webp");
    expect([out.width, out.height]).toEqual([1200, 300]);
    expect((await sharp(out.data).metadata()).format).toBe("webp");
  });

  it("keeps an animated GIF as uploaded, however wide", async () => {
    const gif = await sharp([await solid(1600, 100, "#f00"), await solid(1600, 100, "#00f")], { join: { animated: true } })
      .gif()
      .toBuffer();
    const out = await prepareImage(gif, "gif");
    expect(out.data.equals(gif)).toBe(true);
    expect([out.width, out.height]).toEqual([1600, 100]);
  });

  it("refuses content whose magic bytes claim a format it is not in (415)", async () => {
    const jpeg = await sharp(await solid(10, 10))
      .jpeg()
      .toBuffer();
    await expect(prepareImage(jpeg, "png")).rejects.toMatchObject({ code: "unsupported_media_type", status: 415 });
  });
});
