import { generateKeyPairSync } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import nodemailer from "nodemailer";
import { fc, test } from "@fast-check/vitest";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { DkimSigningKey } from "@/lib/domains/get-signing-key";
import { bodyHash, relaxedBody, signDkim } from "./sign-dkim";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const key: DkimSigningKey = {
  domain: "acme.test",
  selector: "mw1",
  privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }) as string,
  privateKey,
};
const publicRecord = `v=DKIM1; k=rsa; p=${(publicKey.export({ type: "spki", format: "der" }) as Buffer).toString("base64")}`;

const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
const send = async (options: nodemailer.SendMailOptions) => (await transport.sendMail(options)).message as Buffer;
const nodemailerSigned = (raw: Buffer, k: DkimSigningKey = key) =>
  send({
    envelope: { from: "a@acme.test", to: ["b@x.test"] },
    raw,
    dkim: { domainName: k.domain, keySelector: k.selector, privateKey: k.privateKeyPem },
  });

// The DKIM-Signature field a signed message starts with (its continuation lines start with a space).
const dkimField = (signed: Buffer) => /^DKIM-Signature:.*?\r\n(?![ \t])/s.exec(signed.toString("latin1"))?.[0];

const messages: [string, nodemailer.SendMailOptions | string][] = [
  [
    "html and text",
    { from: "Acme <hi@acme.test>", to: "b@x.test", subject: "Hello", html: "<p>Hi</p>", text: "Hi", messageId: "<1@acme.test>" },
  ],
  [
    "a long subject folded over lines, cc, reply-to and custom headers",
    {
      from: '"Acme, Inc." <hi@acme.test>',
      to: ["b@x.test", "c@x.test"],
      cc: "d@x.test",
      replyTo: "r@acme.test",
      subject: `Grüße ${"and a subject long enough to be folded ".repeat(4)}`,
      headers: { "List-Unsubscribe": "<https://acme.test/u/1>", "X-Note": "kept out of h=" },
      text: "ünïcode text\r\n",
      messageId: "<2@acme.test>",
    },
  ],
  [
    "trailing spaces, tabs and blank lines at the body's end",
    "From: hi@acme.test\r\nTo: b@x.test\r\nSubject:  spaced \t out \r\n  folded\r\n\r\nline one  \r\n\tind\t ented\r\n\r\n\r\n\r\n",
  ],
  [
    "an HTML body whose own line breaks the composer leaves bare",
    { from: "hi@acme.test", to: "b@x.test", subject: "LF", html: "<html>\n<body>\n<p>Hi</p>\n</body></html>", messageId: "<4@acme.test>" },
  ],
  ["an empty body", "From: hi@acme.test\r\nTo: b@x.test\r\nSubject: nothing\r\n\r\n"],
  ["two To fields: the last one is signed", "From: hi@acme.test\r\nTo: first@x.test\r\nTo: second@x.test\r\nSubject: twice\r\n\r\nBody"],
];

describe("signDkim", () => {
  it("writes the very signature nodemailer's synchronous signer writes for the same bytes", async () => {
    for (const [name, message] of messages) {
      const raw = typeof message === "string" ? Buffer.from(message, "latin1") : await send(message);
      const ours = await signDkim(raw, key);
      expect(dkimField(ours), name).toMatch(/ b=[A-Za-z0-9+/]/);
      expect(dkimField(ours), name).toBe(dkimField(await nodemailerSigned(raw)));
      const crlf = Buffer.from(raw.toString("latin1").replace(/\r?\n/g, "\r\n"), "latin1");
      expect(ours.subarray(ours.length - crlf.length).equals(crlf), name).toBe(true);
    }
  });

  it("signs an internationalized domain as its A-label, and a verifier passes it", async () => {
    const idn = { ...key, domain: "bücher.test" };
    const raw = await send({ from: "hi@xn--bcher-kva.test", to: "b@x.test", subject: "IDN", text: "Hallo", messageId: "<3@acme.test>" });
    const signed = await signDkim(raw, idn);
    expect(signed.toString("latin1")).toContain("d=xn--bcher-kva.test;");
    expect(dkimField(signed)).toBe(dkimField(await nodemailerSigned(raw, idn)));
    const verdict = await dkimVerify(signed, {
      resolver: async (name: string, type: string) => {
        if (type === "TXT" && name === "mw1._domainkey.xn--bcher-kva.test") return [[publicRecord]];
        throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      },
    });
    expect(verdict.results.map((r: { status: { result: string } }) => r.status.result)).toEqual(["pass"]);
  });

  it("canonicalizes a body as RFC 6376 3.4.4 says", () => {
    expect(relaxedBody("")).toBe("");
    expect(relaxedBody("\r\n\r\n")).toBe("");
    expect(relaxedBody(" C \r\nD \t E\r\n\r\n\r\n")).toBe(" C\r\nD E\r\n");
    expect(relaxedBody("no line break at the end")).toBe("no line break at the end\r\n");
  });

  test.prop([fc.array(fc.constantFrom("a", "b", " ", "  ", "\t", "\r\n"), { maxLength: 40 })])(
    "hashes a body read as canonical exactly as the general canonicalization would",
    (pieces) => {
      const body = pieces.join("");
      const general = createHash("sha256").update(relaxedBody(body), "latin1").digest("base64");
      expect(bodyHash(Buffer.from(body, "latin1"))).toBe(general);
    },
  );
});
