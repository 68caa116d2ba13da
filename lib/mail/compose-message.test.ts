import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { mailOptions, type ComposeInput } from "./compose-message";

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
const compose = async (options: object) =>
  ((await composer.sendMail(options)).message as Buffer).toString("utf8").replace(/--_NmP-[0-9a-f]+-Part_\d+/g, "BOUNDARY");

const base: ComposeInput = {
  from: "Acme <hi@acme.test>",
  to: ["b@x.test"],
  cc: [],
  replyTo: [],
  subject: "Hello there",
  html: `<!DOCTYPE html>\n<html><body><p>${"A line longer than seventy-six characters, so it is encoded. ".repeat(3)}</p></body></html>`,
  text: "Hello",
  messageId: "<m@acme.test>",
  date: new Date("2026-11-24T12:00:00Z"),
};

describe("mailOptions", () => {
  it("tells nodemailer its own choice of quoted-printable only where it would make it, with the same bytes", async () => {
    const cases: [ComposeInput, boolean][] = [
      [base, true],
      [{ ...base, subject: "Grüße" }, false],
      [{ ...base, html: `<p>${"Привет, мир! ".repeat(20)}</p>` }, false],
      [{ ...base, text: "12345" }, false],
      [{ ...base, from: "Zoë <hi@acme.test>" }, false],
      [{ ...base, headers: { "X-Note": "naïve" } }, false],
    ];
    for (const [input, told] of cases) {
      const options = mailOptions(input);
      expect(options.textEncoding === "quoted-printable", input.subject).toBe(told);
      expect(await compose(options)).toBe(await compose({ ...options, textEncoding: undefined }));
    }
  });
});
