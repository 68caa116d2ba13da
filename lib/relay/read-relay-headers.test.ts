import { simpleParser, type AddressObject } from "mailparser";
import { describe, expect, it } from "vitest";
import { headerValue } from "./raw-message";
import { readRelayHeaders } from "./read-relay-headers";

// The accept read these with mailparser's simpleParser on the whole message; the header reader
// must give the record the same From, Subject, To and Cc.
const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((a) => a.value)
    .map((a) => a.address?.toLowerCase())
    .filter((a): a is string => !!a);

const HEADERS = [
  "From: Acme <hello@acme.example>\r\nTo: a@x.example, B <b@x.example>\r\nCc: c@x.example\r\nSubject: plain",
  "From: =?UTF-8?Q?Zo=C3=AB_Bront=C3=AB?= <zoe@acme.example>\r\nTo: =?UTF-8?B?w4Vuc2E=?= <a@x.example>\r\nSubject: =?UTF-8?B?R3LDvMOfZSDinJM=?=",
  'From: "Zoë, Brontë" <zoe@acme.example>\r\nTo: a@x.example\r\nSubject: Grüße aus Köln — 東京 ✓',
  'From: hello@acme.example\r\nTo: a@x.example,\r\n\tb@x.example\r\nTo: c@x.example\r\nCc: "Ops, Team" <D@X.example>\r\nSubject: folded\r\n  twice \r\n\tover',
  "From: =?UTF-8?B?QWNtZSA8aGVsbG9AYWNtZS5leGFtcGxlPg==?=\r\nTo: a@x.example\r\nSubject: =?iso-8859-1?q?caf=E9?= =?iso-8859-1?q?_cr=E8me?=",
  "From: =?UTF-8?B?aGVsbG9AYWNtZS5leGFtcGxl?=\r\nTo: a@x.example\r\nSubject: =?x-unknown?q?kept?=",
  "From: a@acme.example, b@acme.example\r\nTo: a@x.example",
  "From: Team: a@acme.example;\r\nTo: a@x.example",
  "From: (comment) hello@acme.example (Acme)\r\nTo: <a@x.example> (Ann)\r\nSubject: Re: [list] =?utf-8?q?=F0=9F=93=A7?= mail",
  "To: a@x.example\r\nSubject: no sender",
  "From: hello@acme.example\r\nSubject: first\r\nSubject: second\r\nTo: undisclosed-recipients:;",
];

describe("readRelayHeaders", () => {
  for (const header of HEADERS) {
    it(`reads what mailparser read: ${JSON.stringify(header.slice(0, 60))}`, async () => {
      const raw = Buffer.from(`${header}\r\n\r\nbody\r\n`, "utf8");
      const parsed = await simpleParser(raw);
      const read = readRelayHeaders(raw.toString("latin1"));
      expect(read.from.map((a) => ("address" in a ? { name: a.name, address: a.address || undefined } : { name: a.name }))).toEqual(
        (parsed.from?.value ?? []).map((a) => (a.group ? { name: a.name } : { name: a.name, address: a.address || undefined })),
      );
      expect(read.subject).toBe(parsed.subject ?? "");
      expect([...read.to].sort()).toEqual(addressesOf(parsed.to).sort());
      expect([...read.cc].sort()).toEqual(addressesOf(parsed.cc).sort());
    });
  }

  it("counts the members of a group in To and Cc as named there (mailparser left them out)", () => {
    const read = readRelayHeaders("From: hello@acme.example\r\nTo: Team: a@x.example, B <b@x.example>;, c@x.example\r\n\r\n");
    expect([...read.to].sort()).toEqual(["a@x.example", "b@x.example", "c@x.example"]);
  });

  it("counts From and Sender fields and takes the first Idempotency-Key as headerValue does", () => {
    const raw =
      "From: a@acme.example\r\nfrom : b@acme.example\r\nSender: s@acme.example\r\nIdempotency-Key: k-1\r\n  more\r\nIdempotency-Key: k-2\r\n\r\nFrom: in the body\r\n";
    const read = readRelayHeaders(raw);
    expect(read).toMatchObject({ fromCount: 2, senderCount: 1, idempotencyKey: "k-1  more" });
    expect(read.idempotencyKey).toBe(headerValue(raw, "idempotency-key"));
    expect(readRelayHeaders("From: a@acme.example\r\n\r\n").idempotencyKey).toBeNull();
  });
});
