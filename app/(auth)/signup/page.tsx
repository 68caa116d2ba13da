import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getPageSession } from "@/lib/auth/session";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { SignupForm } from "@/components/auth/signup-form";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignupPage() {
  if (await getPageSession()) redirect("/dashboard");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Create your Mailwright account</CardTitle>
        <CardDescription>Free credits included. Start sending in minutes.</CardDescription>
      </CardHeader>
      <CardContent>
        <SignupForm />
      </CardContent>
      <CardFooter className="justify-center text-[13px] text-zinc-500">
        <p>
          Already have an account?{" "}
          <Link href="/login" className="font-medium text-zinc-900 underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      </CardFooter>
    </Card>
  );
}
