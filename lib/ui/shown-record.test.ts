import { describe, expect, it } from "vitest";
import { ApiRequestError, shownRecord } from "./fetch-api";

describe("shownRecord", () => {
  const record = { id: "tpl_1", name: "Welcome" };
  const failed = (status: number) => new ApiRequestError(status, "x", "failed");

  it("shows a loaded record while a read again fails (an open editor keeps what is typed)", () => {
    expect(shownRecord({ data: record, error: failed(503) })).toBe(record);
    expect(shownRecord({ data: record, error: failed(429) })).toBe(record);
    expect(shownRecord({ data: record, error: null })).toBe(record);
  });

  it("gives way to the load error when nothing was loaded, or the record is gone", () => {
    expect(shownRecord({ data: undefined, error: failed(503) })).toBeNull();
    expect(shownRecord({ data: record, error: failed(404) })).toBeNull();
  });
});
