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
  /** Null until the sign-up link is opened (only asked for when confirmation is required). */
  emailConfirmedAt: string | null;
  /** Free credits waiting for that link. */
  freeCreditsPending: number;
  /** The sandbox sender, which needs no verified domain (own address and simulator addresses). */
  sandboxFrom: string;
  /** Mail cannot leave this machine: the sandbox sender and unverified domains send, to the dev inbox. */
  localMode: boolean;
  /** A production deploy that still has the dev-inbox transport (it delivers nothing). */
  localModeWarning: string | null;
  /** Webhook URLs may point at loopback and private addresses. */
  webhooksReachPrivate: boolean;
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

/** POST /account/confirmation: email the sign-up confirmation link again. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => fetchApi<unknown>("/api/v1/account/confirmation", { method: "POST" }),
  });
}
