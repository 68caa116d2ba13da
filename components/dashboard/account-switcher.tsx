"use client";

import { useId, useState } from "react";
import { Select } from "@/components/ui/select";
import { fetchApi, errorMessage } from "@/lib/ui/fetch-api";
import { ROLE_LABELS, type Role } from "@/lib/members/roles";

export interface MemberAccount {
  id: string;
  name: string;
  role: Role;
  current: boolean;
}

/** Switches the dashboard to another account the member belongs to, then loads it afresh. */
export function AccountSwitcher({ accounts }: { accounts: MemberAccount[] }) {
  const id = useId();
  const current = accounts.find((a) => a.current)?.id ?? accounts[0]?.id;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onChange(accountId: string) {
    setPending(true);
    setError(null);
    try {
      await fetchApi("/api/v1/members/accounts/switch", { method: "POST", body: { accountId } });
      // A full load: every cached page and query belonged to the other account.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose
      window.location.assign("/overview");
    } catch (e) {
      setError(errorMessage(e));
      setPending(false);
    }
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-[11px] font-medium tracking-wide text-zinc-500 uppercase">
        Account
      </label>
      <Select id={id} value={current} disabled={pending} onChange={(e) => void onChange(e.target.value)} className="h-8 text-[13px]">
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} ({ROLE_LABELS[a.role]})
          </option>
        ))}
      </Select>
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
