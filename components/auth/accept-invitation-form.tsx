"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage, fetchApi } from "@/lib/ui/fetch-api";

/** Accepts an invitation (a new login sets its name and password), then signs in. */
export function AcceptInvitationForm({ token, email, hasLogin }: { token: string; email: string; hasLogin: boolean }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
      return;
    }
    setPending(true);
    try {
      await fetchApi("/api/v1/members/invitations/accept", {
        method: "POST",
        body: { token, password, ...(hasLogin || !name.trim() ? {} : { name: name.trim() }) },
      });
    } catch (e) {
      setError(errorMessage(e));
      setPending(false);
      return;
    }
    const result = await signIn("credentials", { email, password, redirect: false });
    if (!result?.ok) {
      router.push("/login");
      return;
    }
    router.replace("/overview");
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && <Alert tone="error">{error}</Alert>}
      <Field id="invite-email" label="Email">
        <Input type="email" value={email} readOnly autoComplete="username" />
      </Field>
      {!hasLogin && (
        <Field id="invite-name" label="Name">
          <Input autoComplete="name" placeholder="Ada Lovelace" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
        </Field>
      )}
      <Field
        id="invite-password"
        label={hasLogin ? "Your current password" : "Password"}
        hint={hasLogin ? undefined : `At least ${MIN_PASSWORD_LENGTH} characters.`}
      >
        <Input
          type="password"
          autoComplete={hasLogin ? "current-password" : "new-password"}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Button type="submit" loading={pending} className="w-full">
        {hasLogin ? "Join the account" : "Set password and join"}
      </Button>
    </form>
  );
}
