import { describe, expect, it } from "vitest";
import { unsubscribeHeaders } from "./unsubscribe-headers";

describe("unsubscribeHeaders", () => {
  it("names the URL in angle brackets and asks for RFC 8058 one-click", () => {
    expect(unsubscribeHeaders("https://mail.example/u/tok_1")).toEqual({
      "List-Unsubscribe": "<https://mail.example/u/tok_1>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("keeps the URL as given, query included", () => {
    expect(unsubscribeHeaders("http://localhost:3000/u/abc?x=1&y=2")["List-Unsubscribe"]).toBe("<http://localhost:3000/u/abc?x=1&y=2>");
  });

  it("gives only those two headers", () => {
    expect(Object.keys(unsubscribeHeaders("https://a.example/u/t")).sort()).toEqual(["List-Unsubscribe", "List-Unsubscribe-Post"]);
  });
});
