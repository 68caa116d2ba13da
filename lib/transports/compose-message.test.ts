import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { composeMessage, mailOptions, type ComposeInput } from "./compose-message";

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

describe("composeMessage", () => {
  it("writes, without a transport around the composer, the bytes a nodemailer transport composes from the same options", async () => {
    const inputs: ComposeInput[] = [
      base,
      { ...base, html: "<html>\n<body><p>Bare line breaks</p>\n</body></html>", text: null },
      {
        ...base,
        cc: ["c@x.test"],
        replyTo: ["r@acme.test"],
        headers: { "X-Entity-Ref": "42" },
        attachments: [{ filename: "a.txt", content: Buffer.from("hello").toString("base64"), content_type: "text/plain" }],
      },
    ];
    for (const input of inputs) {
      const ours = (await composeMessage(input)).toString("utf8").replace(/--_NmP-[0-9a-f]+-Part_\d+/g, "BOUNDARY");
      expect(ours).toBe(await compose(mailOptions(input)));
    }
  });
});
