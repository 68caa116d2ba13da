import { describe, expect, it } from "vitest";
import { databaseHostForMessage, isLocalDatabaseUrl } from "./is-local-database-url";

describe("isLocalDatabaseUrl", () => {
  it("takes loopback addresses, localhost, Unix sockets and an unset URL", () => {
    for (const url of [
      undefined,
      "postgresql://postgres:postgres@127.0.0.1:5432/postgres?sslmode=disable",
      "postgresql://postgres@127.8.9.10/db",
      "postgres://u@localhost/db",
      "postgresql://u@[::1]:5432/db",
      "postgresql://u@[::ffff:127.0.0.1]/db",
      "postgresql:///db",
      "postgresql://u@/db?host=/var/run/postgresql",
      "postgresql://u@%2Fvar%2Frun%2Fpostgresql/db",
      "socket://u:p@/var/run/postgresql?db=mailwright",
    ]) {
      expect(isLocalDatabaseUrl(url), String(url)).toBe(true);
    }
  });

  it("refuses other hosts, private addresses included, and URLs that do not parse", () => {
    for (const url of [
      "postgresql://u:p@db.internal.example:5432/mailwright",
      "postgresql://u@10.0.0.5/db",
      "postgresql://u@192.168.1.20/db",
      "postgresql://u@[2001:db8::1]/db",
      "postgresql://u@127.0.0.1/db?host=db.internal.example",
      "postgresql://u@localhost.evil.example/db",
      "postgresql://u@localhost,db.internal.example/db",
      "not a url",
    ]) {
      expect(isLocalDatabaseUrl(url), url).toBe(false);
    }
  });

  it("names the host without the credentials", () => {
    expect(databaseHostForMessage("postgresql://u:secret@db.internal.example:5432/x")).toBe("db.internal.example:5432");
  });
});
