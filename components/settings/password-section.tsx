"use client";

import { useEffect, useState } from "react";
import { signOut } from "next-auth/react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { changePasswordBodySchema } from "@/lib/accounts/schemas";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";
import { useChangePassword } from "@/lib/hooks/use-account";
import { ApiRequestError } from "@/lib/ui/fetch-api";
import { applyApiErrors } from "@/lib/ui/form-errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SettingsSection } from "./settings-section";

const passwordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string().min(1, "repeat the new password") })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "the passwords do not match" });

type FormValues = z.infer<typeof passwordFormSchema>;

// The API's details are terse ("does not match"); said in full next to the field.
const SERVER_MESSAGES: Record<string, string> = {
  currentPassword: "this is not your current password",
  newPassword: "choose a password different from the current one",
};

const REDIRECT_SECONDS = 5;

function SessionsEnded() {
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => s - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (seconds <= 0) window.location.assign("/login");
  }, [seconds]);
  return (
    <Card>
      <CardContent className="space-y-4">
        <Alert tone="info" title="Password changed">
          <p>
            For your security every session of your account has ended, this one included, on every device. Sign in again with your new
            password.
          </p>
        </Alert>
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => window.location.assign("/login")}>Sign in again</Button>
          <p className="text-[13px] text-zinc-500" aria-live="polite">
            Taking you to the sign-in page in {Math.max(seconds, 0)} s…
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

export function PasswordSection() {
  const changePassword = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  async function onSubmit({ currentPassword, newPassword }: FormValues) {
    setFormError(null);
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      const message = applyApiErrors(error, setError, ["currentPassword", "newPassword"]);
      if (error instanceof ApiRequestError) {
        for (const detail of error.details) {
          const text = SERVER_MESSAGES[detail.path];
          if (text) setError(detail.path as "currentPassword" | "newPassword", { type: "server", message: text }, { shouldFocus: true });
        }
      }
      setFormError(message);
      return;
    }
    // The server has ended the session already; drop its cookie too.
    await signOut({ redirect: false }).catch(() => undefined);
    setChanged(true);
  }

  return (
    <SettingsSection id="password" title="Password" description="Changing your password signs you out everywhere, this browser included.">
      {changed ? (
        <SessionsEnded />
      ) : (
        <Card>
          <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Change password">
            <CardContent className="space-y-5">
              {formError && <Alert tone="error">{formError}</Alert>}
              {/* Lets password managers tie the new password to the right account. */}
              <input type="text" name="username" autoComplete="username" hidden readOnly />
              <Field id="password-current" label="Current password" error={errors.currentPassword?.message} className="sm:max-w-sm">
                <Input type="password" autoComplete="current-password" {...register("currentPassword")} />
              </Field>
              <div className="grid gap-5 sm:grid-cols-2">
                <Field
                  id="password-new"
                  label="New password"
                  hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
                  error={errors.newPassword?.message}
                >
                  <Input type="password" autoComplete="new-password" {...register("newPassword")} />
                </Field>
                <Field id="password-confirm" label="Confirm new password" error={errors.confirmPassword?.message}>
                  <Input type="password" autoComplete="new-password" {...register("confirmPassword")} />
                </Field>
              </div>
            </CardContent>
            <CardFooter className="justify-end">
              <Button type="submit" loading={isSubmitting}>
                Change password
              </Button>
            </CardFooter>
          </form>
        </Card>
      )}
    </SettingsSection>
  );
}
