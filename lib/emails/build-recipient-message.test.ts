import { generateKeyPairSync } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Email, EmailRecipient } from "@/lib/generated/prisma/client";
import type { ComposeInput } from "@/lib/transports/compose-message";
import { htmlToPlainText } from "@/lib/transports/html-alternative";
import { buildRecipientMessage, type NewTrackingToken } from "./build-recipient-message";

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
const dkim = { domain: "acme.test", selector: "mw", privateKeyPem: "", privateKey };

beforeAll(() => {
  process.env.APP_SECRET ??= "unit-test-secret-0123456789";
  process.env.DATABASE_URL ??= "postgresql://unused@127.0.0.1/unused";
  process.env.APP_URL = "http://mw.test";
});

async function build(html: string, tracking = { opens: true, clicks: true }, recipientId = "rcpt_1") {
  const tokens: NewTrackingToken[] = [];
  const message = await buildRecipientMessage({
    email: {
      id: "em_1",
      accountId: "acc_1",
      from: "a@acme.test",
      to: ["b@x.test"],
      cc: [],
      replyTo: [],
      headers: null,
      attachments: null,
      rawMime: null,
    } as unknown as Email,
    recipient: { id: recipientId, email: "b@x.test", verpToken: "v" } as unknown as EmailRecipient,
    messageId: `<${recipientId}@acme.test>`,
    content: { subject: "Hello", html, text: null },
    domain: "acme.test",
    dkim,
    tracking,
    collectTokens: (t) => tokens.push(...t),
  });
  return { parts: (message.content as { parts: ComposeInput }).parts, tokens };
}

describe("buildRecipientMessage's text/plain part", () => {
  const cases = [
    '<p>Hi</p><a href="https://example.com/x">link</a>',
    // Headings are upper-cased by the converter, their links with them.
    '<h1>Big <a href="https://example.com/h">news</a></h1><p>See <a href="https://example.com/a?x=1&amp;y=2">this</a> and <a href="mailto:x@y.z">mail</a>.</p>',
    // Long lines wrap at 78: each token's placeholder has its length.
    `<p>${"word ".repeat(30)}<a href="https://example.com/${"long/".repeat(12)}">a link with a long target</a> ${"more ".repeat(20)}</p>`,
    // Text equal to its target, an unsubscribe link, an untracked one, a link that cannot be stored.
    '<a href="https://example.com/same">https://example.com/same</a> <a href="https://x.test/u/1">unsubscribe</a> <a data-mw-untracked href="https://example.com/no">no</a> <a href="http://exa mple.com/">bad</a>',
    '<html><body><table><tr><td><a href="https://example.com/1">one</a></td><td><a href="https://example.com/2">two</a></td></tr></table></body></html>',
  ];

  it("is the converter's text of the recipient's tracked HTML, each link its own token", async () => {
    for (const html of cases) {
      for (const tracking of [
        { opens: true, clicks: true },
        { opens: true, clicks: false },
        { opens: false, clicks: true },
      ]) {
        for (const id of ["rcpt_1", "rcpt_2"]) {
          const { parts, tokens } = await build(html, tracking, id);
          expect(parts.text, html).toBe(htmlToPlainText(parts.html!));
          for (const t of tokens.filter((t) => t.kind === "click")) expect(parts.html).toContain(`/t/c/${t.token}`);
        }
      }
    }
  });

  it("keeps the link targets out of a tracked message's text", async () => {
    const { parts, tokens } = await build('<p>Go <a href="https://example.com/start">start</a></p>');
    const click = tokens.find((t) => t.kind === "click")!;
    expect(parts.text).toContain(`start [http://mw.test/t/c/${click.token}]`);
    expect(parts.text).not.toContain("https://example.com/start");
  });
});
