import { generateKeyPair, randomInt } from "node:crypto";
import { promisify } from "node:util";

const generateKeyPairAsync = promisify(generateKeyPair);
const SELECTOR_ALPHABET = "abcdefghijklmnopqrstuvwxyz";
const SELECTOR_RANDOM_LENGTH = 10;

export interface DkimKey {
  /** `mw` + random lowercase letters: unique per domain, so a key can be rotated by adding a new one. */
  selector: string;
  /** Base64 SubjectPublicKeyInfo DER: exactly the `p=` value of the DKIM TXT record. */
  publicKey: string;
  /** PKCS#8 PEM; the caller encrypts it before it is stored. */
  privateKeyPem: string;
}

/** A fresh RSA-2048 DKIM key pair (RSA-2048 is what every receiver verifies; RFC 8301). */
export async function generateDkimKey(): Promise<DkimKey> {
  const { publicKey, privateKey } = await generateKeyPairAsync("rsa", {
    modulusLength: 2048,
    publicExponent: 0x10001,
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  let random = "";
  for (let i = 0; i < SELECTOR_RANDOM_LENGTH; i++) random += SELECTOR_ALPHABET[randomInt(SELECTOR_ALPHABET.length)];
  return { selector: `mw${random}`, publicKey: Buffer.from(publicKey).toString("base64"), privateKeyPem: privateKey };
}

/** The encryption context of a domain's private key: a ciphertext moved to another row fails. */
export function dkimKeyContext(domainId: string): string {
  return `domain:${domainId}:dkim-private-key`;
}
