import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "./client";

/** The tables whose rows a transaction locks to order itself against a concurrent writer. */
export type LockableTable = "Account" | "Automation" | "Contact" | "Template" | "WebhookMessage";

/** One row: by id, by id within an account (another account's row is not found), or a contact by its address. */
export type LockedRowKey = { id: string; accountId?: string } | { accountId: string; email: string };

/**
 * Locks one row (`SELECT … FOR UPDATE`) until the transaction ends and returns the named
 * columns as text (`id` when none are named), or null when no such row exists: the caller
 * decides whether that is a 404. Every writer that reads a row before changing it takes the
 * lock here, so two of them run one after the other instead of overwriting each other.
 */
export async function lockRow<Column extends string = "id">(
  tx: Tx,
  table: LockableTable,
  key: LockedRowKey,
  columns: readonly Column[] = ["id"] as unknown as Column[],
): Promise<Record<Column, string> | null> {
  const select = Prisma.raw(columns.map((c) => `${quoteIdentifier(c)}::text AS ${quoteIdentifier(c)}`).join(", "));
  const where =
    "email" in key
      ? Prisma.sql`"accountId" = ${key.accountId} AND "email" = ${key.email}`
      : key.accountId === undefined
        ? Prisma.sql`"id" = ${key.id}`
        : Prisma.sql`"id" = ${key.id} AND "accountId" = ${key.accountId}`;
  const rows = await tx.$queryRaw<Record<Column, string>[]>`
    SELECT ${select} FROM ${Prisma.raw(quoteIdentifier(table))} WHERE ${where} FOR UPDATE`;
  return rows[0] ?? null;
}

// Table and column names come from this codebase, never from a request; quoting keeps their case.
function quoteIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`lockRow: not an identifier: ${name}`);
  return `"${name}"`;
}
