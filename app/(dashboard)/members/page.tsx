import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { MembersView } from "@/components/members/members-view";
import { getPageSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const session = await getPageSession();
  if (!session) redirect("/login");
  return <MembersView myRole={session.role} myUserId={session.userId} />;
}
