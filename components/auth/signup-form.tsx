"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { signUpBodySchema } from "@/lib/accounts/schemas";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ApiRequestError, fetchApi } from "@/lib/ui/fetch-api";
import { applyApiErrors } from "@/lib/ui/form-errors";

type SignupInput = z.input<typeof signUpBodySchema>;
type SignupValues = z.output<typeof signUpBodySchema>;

const FIELDS = ["name", "email", "password"] as const;

export function SignupForm() {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupValues>({
    resolver: zodResolver(signUpBodySchema),
    defaultValues: { name: "", email: "", password: "" },
  });

  async function onSubmit(values: SignupValues) {
    setFormError(null);
    try {
      await fetchApi("/api/signup", { method: "POST", body: values });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === "conflict") {
        setError("email", { type: "server", message: "An account with this email already exists." });
        return;
      }
      setFormError(applyApiErrors(error, setError, FIELDS));
      return;
    }
    const result = await signIn("credentials", { email: values.email, password: values.password, redirect: false });
    if (!result?.ok) {
      // The account exists now; only the automatic sign-in failed.
      router.push("/login");
      return;
    }
    setSignedIn(true);
    router.replace("/dashboard");
    router.refresh();
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      <Field id="signup-name" label="Name" error={errors.name?.message}>
        <Input autoComplete="name" placeholder="Ada Lovelace" autoFocus {...register("name")} />
      </Field>
      <Field id="signup-email" label="Work email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@company.com" {...register("email")} />
      </Field>
      <Field id="signup-password" label="Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...register("password")} />
      </Field>
      <Button type="submit" loading={isSubmitting || signedIn} className="w-full">
        Create account
      </Button>
    </form>
  );
}
