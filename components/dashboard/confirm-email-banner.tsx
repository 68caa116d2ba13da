"use client";

import { Button } from "@/components/ui/button";
import { AlertTriangleIcon } from "@/components/ui/icons";
import { useAccount, useResendConfirmation } from "@/lib/hooks/use-account";

/**
 * Shown on every dashboard page while the account's free credits wait for the sign-up
 * confirmation link (SIGNUP_REQUIRE_CONFIRMATION): says why sends are refused and offers to
 * email the link again.
 */
export function ConfirmEmailBanner() {
  const { data: account } = useAccount();
  const resend = useResendConfirmation();
  if (!account || account.emailConfirmedAt || account.freeCreditsPending <= 0) return null;
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-[13px] text-amber-900 sm:px-8">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-2">
        <AlertTriangleIcon className="shrink-0" />
        <p className="min-w-0 flex-1">
          Confirm your email to unlock your {account.freeCreditsPending.toLocaleString()} free credits: open the link we sent to{" "}
          <span className="font-medium">{account.email}</span>. Until then, sending is refused.
        </p>
        {resend.isSuccess ? (
          <span className="font-medium">Sent. Check your inbox.</span>
        ) : (
          <Button size="sm" variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
            Send the link again
          </Button>
        )}
        {resend.isError && <span className="w-full text-red-700">{resend.error.message}</span>}
      </div>
    </div>
  );
}
