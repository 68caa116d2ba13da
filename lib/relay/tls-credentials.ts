import { readFile } from "node:fs/promises";
import { generate } from "selfsigned";
import { getEnv } from "@/lib/config/env";

export interface TlsCredentials {
  key: string;
  cert: string;
  selfSigned: boolean;
}

// One self-signed pair per process: generating an RSA key takes a moment, and every relay
// started in this process (tests start several) can share it.
const g = globalThis as unknown as { __mailwrightSmtpCert?: Promise<TlsCredentials> };

/**
 * The STARTTLS key and certificate: the PEM files named by SMTP_TLS_KEY / SMTP_TLS_CERT, or a
 * self-signed certificate for SMTP_PUBLIC_HOST made at start (development; clients must then
 * skip verification, e.g. nodemailer `tls: { rejectUnauthorized: false }`).
 */
export async function loadTlsCredentials(): Promise<TlsCredentials> {
  const env = getEnv();
  if (env.SMTP_TLS_KEY || env.SMTP_TLS_CERT) {
    if (!env.SMTP_TLS_KEY || !env.SMTP_TLS_CERT) throw new Error("set both SMTP_TLS_KEY and SMTP_TLS_CERT (PEM file paths), or neither");
    const [key, cert] = await Promise.all([readFile(env.SMTP_TLS_KEY, "utf8"), readFile(env.SMTP_TLS_CERT, "utf8")]);
    return { key, cert, selfSigned: false };
  }
  g.__mailwrightSmtpCert ??= (async () => {
    const host = env.SMTP_PUBLIC_HOST ?? "localhost";
    const pems = await generate([{ name: "commonName", value: host }], {
      keySize: 2048,
      notAfterDate: new Date(Date.now() + 365 * 86_400_000),
      extensions: [
        {
          name: "subjectAltName",
          altNames: [
            { type: 2, value: host },
            { type: 7, ip: "127.0.0.1" },
          ],
        },
      ],
    });
    return { key: pems.private, cert: pems.cert, selfSigned: true };
  })();
  return g.__mailwrightSmtpCert;
}
