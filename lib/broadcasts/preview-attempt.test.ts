import { describe, expect, it } from "vitest";
import { renderAttempt } from "./preview-attempt";

describe("renderAttempt", () => {
  it("renders the subject and html with the sample values", () => {
    const attempt = renderAttempt("Hi {{name}}", "<p>News for {{list_name}}</p>", { name: "Ann", list_name: "Friends" }, null);
    expect(attempt.error).toBeNull();
    expect(attempt.subject).toBe("Hi Ann");
    expect(attempt.html).toContain("News for Friends");
  });

  it("reports a syntax problem without rendering anything", () => {
    const attempt = renderAttempt("Hi {{name", "<p>ok</p>", { name: "Ann" }, null);
    expect(attempt).toEqual({ subject: "", html: "", error: expect.any(String) });
    expect(attempt.error).not.toBe("");
  });

  it("reports a problem in the html as well as in the subject", () => {
    expect(renderAttempt("Hi", "<p>{{#if}}</p>", {}, null).error).toEqual(expect.any(String));
  });
});
