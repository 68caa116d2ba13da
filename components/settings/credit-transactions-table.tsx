import Link from "next/link";
import type { CreditTransaction } from "@/lib/hooks/use-credits";
import { cn } from "@/lib/ui/cn";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useNow } from "@/lib/hooks/use-now";

const TYPE_LOOK: Record<CreditTransaction["type"], { tone: BadgeTone; label: string; sign: "+" | "−" }> = {
  grant: { tone: "success", label: "Grant", sign: "+" },
  refund: { tone: "brand", label: "Refund", sign: "+" },
  debit: { tone: "neutral", label: "Debit", sign: "−" },
};

const number = new Intl.NumberFormat("en-US");

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Type</TableHead>
        <TableHead>Description</TableHead>
        <TableHead className="text-right">Amount</TableHead>
        <TableHead className="text-right">Balance after</TableHead>
        <TableHead className="text-right">Date</TableHead>
      </tr>
    </TableHeader>
  );
}

export function CreditTransactionsSkeleton() {
  return (
    <Table aria-busy="true" aria-label="Loading credit transactions">
      <Head />
      <TableBody>
        <SkeletonRows cells={["h-5 w-16", "h-4 w-48", "ml-auto h-4 w-12", "ml-auto h-4 w-16", "ml-auto h-4 w-24"]} />
      </TableBody>
    </Table>
  );
}

export function CreditTransactionsTable({ transactions }: { transactions: CreditTransaction[] }) {
  const now = useNow();
  return (
    <Table>
      <caption className="sr-only">Credit transactions, newest first</caption>
      <Head />
      <TableBody>
        {transactions.map((transaction) => {
          const look = TYPE_LOOK[transaction.type];
          return (
            <TableRow key={transaction.id}>
              <TableCell className="w-px">
                <Badge tone={look.tone}>{look.label}</Badge>
              </TableCell>
              <TableCell className="max-w-80">
                <span className="block truncate text-zinc-900" title={transaction.description}>
                  {transaction.description}
                </span>
                {transaction.emailId && (
                  <Link
                    href={`/emails/${transaction.emailId}`}
                    className="font-mono text-xs text-zinc-500 hover:text-brand-600 hover:underline"
                  >
                    {transaction.emailId}
                  </Link>
                )}
              </TableCell>
              <TableCell className={cn("text-right font-medium tabular-nums", look.sign === "+" ? "text-emerald-700" : "text-zinc-900")}>
                <span className="sr-only">{look.sign === "+" ? "plus" : "minus"} </span>
                <span aria-hidden="true">{look.sign}</span>
                {number.format(transaction.amount)}
              </TableCell>
              <TableCell className="text-right text-zinc-500 tabular-nums">{number.format(transaction.balanceAfter)}</TableCell>
              <TableCell className="text-right text-zinc-500">
                <time dateTime={transaction.createdAt} title={formatDateTime(transaction.createdAt)}>
                  {formatRelative(transaction.createdAt, now)}
                </time>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
