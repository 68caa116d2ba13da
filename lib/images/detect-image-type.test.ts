import { describe, expect, it } from "vitest";
import { detectImageType } from "./detect-image-type";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("detectImageType", () => {
  it("knows the four email image formats by their first bytes", () => {
    expect(detectImageType(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe("png");
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(detectImageType(bytes("GIF89a", [1, 0]))).toBe("gif");
    expect(detectImageType(bytes("GIF87a"))).toBe("gif");
    expect(detectImageType(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
  });

  it("refuses anything else, whatever it would be named", () => {
    expect(detectImageType(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(detectImageType(bytes("<html><script>alert(1)</script>"))).toBeNull();
    expect(detectImageType(bytes("RIFF", [0, 0, 0, 0], "WAVE"))).toBeNull();
    expect(detectImageType(bytes([0x89], "PN"))).toBeNull();
    expect(detectImageType(new Uint8Array(0))).toBeNull();
  });
});
