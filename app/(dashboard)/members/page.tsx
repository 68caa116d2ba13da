import { SignInRedirect } from "@/components/auth/sign-in-redirect";
import type { Metadata } from "next";
import { MembersView } from "@/components/members/members-view";
import { getPageSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const session = await getPageSession();
  if (!session) return <SignInRedirect />;
  return <MembersView myRole={session.role} myUserId={session.userId} />;
}
