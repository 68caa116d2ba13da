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

export function useCreditTransactions(query: { limit: number; offset: number; type?: CreditTransaction["type"] }) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.type) params.set("type", query.type);
  return useQuery({
    queryKey: [...creditsKey, "transactions", query],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<CreditTransaction>>(`/api/v1/account/credits/transactions?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
