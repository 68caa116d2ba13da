import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UpdateAccountBody } from "@/lib/accounts/schemas";
import { fetchApi } from "@/lib/ui/fetch-api";

/** GET /account */
export interface Account {
  id: string;
  name: string;
  companyName: string | null;
  email: string;
  defaultFrom: string | null;
  trackOpens: boolean;
  trackClicks: boolean;
  createdAt: string;
}

const accountKey = ["account"] as const;

export function useAccount() {
  return useQuery({
    queryKey: accountKey,
    queryFn: ({ signal }) => fetchApi<Account>("/api/v1/account", { signal }),
  });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountBody) => fetchApi<Account>("/api/v1/account", { method: "PUT", body }),
    onSuccess: (account) => queryClient.setQueryData(accountKey, account),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      fetchApi<{ changed: true; sessionsEnded: true }>("/api/v1/account/password", { method: "POST", body }),
  });
}
