"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const loginFormSchema = z.object({
  email: z.string().trim().min(1, "enter your email address").pipe(z.email("enter a valid email address")),
  password: z.string().min(1, "enter your password"),
});

type LoginFormValues = z.infer<typeof loginFormSchema>;

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  // Stays true while the dashboard loads, so the button does not flash back to idle.
  const [signedIn, setSignedIn] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: "", password: "" } });

  async function onSubmit(values: LoginFormValues) {
    setFormError(null);
    // redirect: false keeps us on the page to show the error, and avoids next-auth building
    // absolute URLs from NEXTAUTH_URL (the dashboard may be served under another host).
    const result = await signIn("credentials", { ...values, redirect: false });
    if (!result?.ok) {
      setFormError(
        result?.error === "CredentialsSignin"
          ? "Incorrect email or password."
          : result?.error === "RateLimited"
            ? "Too many sign-in attempts. Please wait a few minutes and try again."
            : result?.error === "SsoOnly"
              ? "This account signs in through single sign-on: use the button above."
              : "Could not sign in right now. Please try again.",
      );
      return;
    }
    setSignedIn(true);
    router.replace(callbackUrl);
    router.refresh();
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      <Field id="login-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@company.com" autoFocus {...register("email")} />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register("password")} />
      </Field>
      <Button type="submit" loading={isSubmitting || signedIn} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
