import { describe, expect, it } from "vitest";
import { historyKey, type HistoryKeyEvent } from "./history-key";

const press = (key: string, mods: Partial<Omit<HistoryKeyEvent, "key">> = {}): HistoryKeyEvent => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe("historyKey", () => {
  it("reads Ctrl+Z and Cmd+Z as undo", () => {
    expect(historyKey(press("z", { ctrlKey: true }))).toBe("undo");
    expect(historyKey(press("z", { metaKey: true }))).toBe("undo");
  });

  it("reads Shift+Ctrl+Z, Ctrl+Y and Cmd+Y as redo, whatever the letter's case", () => {
    expect(historyKey(press("Z", { ctrlKey: true, shiftKey: true }))).toBe("redo");
    expect(historyKey(press("y", { ctrlKey: true }))).toBe("redo");
    expect(historyKey(press("Y", { metaKey: true }))).toBe("redo");
  });

  it("ignores the letters alone, with Alt held, and other shortcuts", () => {
    expect(historyKey(press("z"))).toBeNull();
    expect(historyKey(press("z", { ctrlKey: true, altKey: true }))).toBeNull();
    expect(historyKey(press("b", { ctrlKey: true }))).toBeNull();
  });
});
