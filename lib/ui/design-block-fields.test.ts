import { describe, expect, it } from "vitest";
import { hrefError, imageSrcError, imageWidthFromInput, spacerHeightFromInput, uploadedImagePatch } from "./design-block-fields";

describe("hrefError", () => {
  it("asks for an address unless the link is optional", () => {
    expect(hrefError("")).toBe("Enter an address");
    expect(hrefError(undefined)).toBe("Enter an address");
    expect(hrefError("", true)).toBeNull();
  });

  it("accepts a web address and rejects a script", () => {
    expect(hrefError("https://example.com")).toBeNull();
    expect(hrefError("javascript:alert(1)")).toEqual(expect.any(String));
  });
});

describe("imageSrcError", () => {
  it("accepts http(s) addresses and variables", () => {
    expect(imageSrcError("https://example.com/a.png")).toBeNull();
    expect(imageSrcError("HTTP://example.com/a.png")).toBeNull();
    expect(imageSrcError("{{logo_url}}")).toBeNull();
  });

  it("rejects anything else", () => {
    expect(imageSrcError("")).toBe("An https:// address, or upload an image");
    expect(imageSrcError("data:image/png;base64,AAAA")).toBe("An https:// address, or upload an image");
  });
});

describe("imageWidthFromInput", () => {
  it("is empty (full width) for an empty field", () => {
    expect(imageWidthFromInput("")).toBeUndefined();
  });

  it("rounds and keeps the width within 16–600", () => {
    expect(imageWidthFromInput("120.6")).toBe(121);
    expect(imageWidthFromInput("3")).toBe(16);
    expect(imageWidthFromInput("900")).toBe(600);
  });
});

describe("spacerHeightFromInput", () => {
  it("rounds and keeps the height within 4–160, and reads nonsense as 4", () => {
    expect(spacerHeightFromInput("24.4")).toBe(24);
    expect(spacerHeightFromInput("1")).toBe(4);
    expect(spacerHeightFromInput("500")).toBe(160);
    expect(spacerHeightFromInput("")).toBe(4);
    expect(spacerHeightFromInput("abc")).toBe(4);
  });
});

describe("uploadedImagePatch", () => {
  const image = (width: number) => ({ url: "https://cdn.example.com/i.png", width });

  it("keeps a small image's own width, at least 16 px", () => {
    expect(uploadedImagePatch(undefined, image(200))).toEqual({ src: "https://cdn.example.com/i.png", width: 200 });
    expect(uploadedImagePatch(undefined, image(8))).toEqual({ src: "https://cdn.example.com/i.png", width: 16 });
  });

  it("lets a wide image fill the column and keeps a width already set", () => {
    expect(uploadedImagePatch(undefined, image(1200))).toEqual({ src: "https://cdn.example.com/i.png" });
    expect(uploadedImagePatch(300, image(200))).toEqual({ src: "https://cdn.example.com/i.png" });
  });
});
