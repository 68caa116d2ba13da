import { createPublicKey } from "node:crypto";
import type { DnsAnswer } from "./create-dns-lookup";
import { dnsErrorDiagnosis, finishDiagnosis } from "./finish-diagnosis";
import { parseTagList } from "./parse-tag-list";
import type { DnsProblem, RecordDiagnosis } from "./types";

/** The key's DER SubjectPublicKeyInfo, whether p= holds SPKI or a bare PKCS#1 RSA key. */
function keyMaterial(base64: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const der = Buffer.from(base64, "base64");
  for (const type of ["spki", "pkcs1"] as const) {
    try {
      return createPublicKey({ key: der, format: "der", type }).export({ type: "spki", format: "der" });
    } catch {
      // try the next encoding
    }
  }
  return null;
}

function mismatchReason(p: string | undefined, ours: string): string {
  if (p === undefined) return "has no p= tag";
  if (p === "") return "has an empty p= tag, which means the key was revoked";
  if (ours.startsWith(p)) return "holds a truncated key (some DNS hosts cut values at 255 characters; paste the whole value)";
  if (!keyMaterial(p)) return "holds a p= value that is not a valid public key";
  return "holds a different public key than this domain's (an old or another service's key?)";
}

/**
 * Diagnoses the DKIM record at `<selector>._domainkey.<domain>`: it passes when a record's
 * p= decodes to the same public key as ours. Compared as key material, not text, so a
 * different base64 line-folding or a PKCS#1 encoding of the same key still matches.
 */
export function diagnoseDkim(options: { name: string; expected: string; publicKey: string; answer: DnsAnswer<string> }): RecordDiagnosis {
  const { name, answer } = options;
  const base = { type: "TXT" as const, name, expected: options.expected };
  if (answer.kind === "error") return dnsErrorDiagnosis("dkim", base, answer);

  const found = answer.kind === "records" ? answer.records : [];
  const candidates = found.map(parseTagList).filter((tags) => tags.get("v")?.toUpperCase() === "DKIM1" || tags.has("p"));
  const ours = keyMaterial(options.publicKey);
  const problems: DnsProblem[] = [];

  if (candidates.length === 0) {
    problems.push({
      code: "dkim_missing",
      severity: "error",
      record: "dkim",
      message: `No DKIM record at ${name}. Add a TXT record there with the value shown; without it receivers cannot verify our signature.`,
    });
  } else {
    const match = candidates.find((tags) => {
      const material = keyMaterial(tags.get("p") ?? "");
      return ours !== null && material !== null && material.equals(ours) && (tags.get("k") ?? "rsa").toLowerCase() === "rsa";
    });
    if (!match) {
      problems.push({
        code: "dkim_mismatch",
        severity: "error",
        record: "dkim",
        message: `The DKIM record at ${name} ${mismatchReason(candidates[0].get("p"), options.publicKey)}.`,
      });
    }
  }
  return finishDiagnosis({ ...base, found }, problems);
}
