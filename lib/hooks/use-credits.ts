import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { CreditTransactionResponse } from "@/lib/credits/serialize-credit-transaction";
import { fetchApi } from "@/lib/ui/fetch-api";

export type CreditTransaction = CreditTransactionResponse;

const creditsKey = ["credits"] as const;

export function useCreditBalance() {
  return useQuery({
    queryKey: [...creditsKey, "balance"],
    queryFn: ({ signal }) => fetchApi<{ balance: number }>("/api/v1/account/credits", { signal }),
  });
}

export function useCreditTransactions(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...creditsKey, "transactions", page],
    queryFn: ({ signal }) =>
      fetchApi<ListEnvelope<CreditTransaction>>(
        `/api/v1/account/credits/transactions?limit=${page.limit}&offset=${page.offset}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
