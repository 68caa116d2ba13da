"use client";

import { useState } from "react";
import { useCreditBalance, useCreditTransactions, type CreditTransaction } from "@/lib/hooks/use-credits";
import { errorMessage } from "@/lib/ui/fetch-api";
import { CoinsIcon } from "@/components/ui/icons";
import { Pagination } from "@/components/ui/pagination";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import { CreditTransactionsSkeleton, CreditTransactionsTable } from "./credit-transactions-table";
import { SettingsSection } from "./settings-section";
import { LoadError } from "@/components/ui/load-error";

const PAGE_SIZE = 20;
const number = new Intl.NumberFormat("en-US");

type TypeFilter = "all" | CreditTransaction["type"];

function BalanceCard() {
  const balance = useCreditBalance();
  return (
    <div className="flex flex-col gap-5 rounded-xl border border-zinc-200 bg-white p-6 shadow-card sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <CoinsIcon className="size-5" />
        </span>
        <div>
          <p className="text-[13px] font-medium text-zinc-500">Credit balance</p>
          {balance.isPending ? (
            <Skeleton className="mt-1 h-8 w-28" />
          ) : balance.isError ? (
            <p className="text-sm text-red-600">{errorMessage(balance.error)}</p>
          ) : (
            <p className="text-3xl font-semibold tracking-tight text-zinc-900 tabular-nums" data-testid="credit-balance">
              {number.format(balance.data.balance)}
            </p>
          )}
        </div>
      </div>
      <p className="max-w-sm text-[13px] text-zinc-500 sm:text-right">
        Each recipient of an email uses one credit (to, cc and bcc alike). A cancelled scheduled email gets its credits back.
      </p>
    </div>
  );
}

function Transactions() {
  const [type, setType] = useState<TypeFilter>("all");
  const [offset, setOffset] = useState(0);
  const transactions = useCreditTransactions({ limit: PAGE_SIZE, offset, type: type === "all" ? undefined : type });
  const list = transactions.data?.data;

  let content;
  if (transactions.isPending) content = <CreditTransactionsSkeleton />;
  else if (transactions.isError && !transactions.data)
    content = <LoadError title="Could not load your transactions" error={transactions.error} onRetry={() => transactions.refetch()} />;
  else if (!list?.length)
    content = (
      <p className="rounded-xl border border-dashed border-zinc-300 px-6 py-10 text-center text-sm text-zinc-500">
        {type === "all" ? "No transactions yet." : `No ${type} transactions.`}
      </p>
    );
  else content = <CreditTransactionsTable transactions={list} />;

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-zinc-900">Transactions</h3>
        <SegmentedControl
          label="Transaction type"
          value={type}
          onValueChange={(value) => {
            setType(value);
            setOffset(0);
          }}
          options={[
            { value: "all", label: "All" },
            { value: "grant", label: "Grants" },
            { value: "debit", label: "Debits" },
            { value: "refund", label: "Refunds" },
          ]}
        />
      </div>
      {content}
      {transactions.data && list && list.length > 0 && (
        <Pagination
          limit={PAGE_SIZE}
          offset={offset}
          total={transactions.data.pagination.total}
          onOffsetChange={setOffset}
          noun="transactions"
        />
      )}
    </div>
  );
}

export function CreditsSection() {
  return (
    <SettingsSection id="credits" title="Credits" description="Sending uses credits. Every change to your balance is in the ledger below.">
      <div className="space-y-6">
        <BalanceCard />
        <Transactions />
      </div>
    </SettingsSection>
  );
}
