import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getPageSession } from "@/lib/auth/session";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { LoginForm } from "@/components/auth/login-form";
import { SsoButton } from "@/components/auth/sso-button";
import { safeCallbackUrl } from "@/lib/ui/safe-callback-url";
import { oidcProvider } from "@/lib/auth/options";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  if (await getPageSession()) redirect("/dashboard");
  const { callbackUrl } = await searchParams;
  const sso = oidcProvider();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Sign in to Mailwright</CardTitle>
        <CardDescription>Welcome back. Enter your email and password.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {sso && (
          <>
            <SsoButton name={sso.name} callbackUrl={safeCallbackUrl(callbackUrl) ?? "/dashboard"} />
            <p className="text-center text-xs text-zinc-500">or with your password</p>
          </>
        )}
        <LoginForm callbackUrl={safeCallbackUrl(callbackUrl)} />
      </CardContent>
      <CardFooter className="justify-center text-[13px] text-zinc-500">
        <p>
          New to Mailwright?{" "}
          <Link href="/signup" className="font-medium text-zinc-900 underline-offset-4 hover:underline">
            Create an account
          </Link>
        </p>
      </CardFooter>
    </Card>
  );
}
