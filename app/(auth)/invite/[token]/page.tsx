import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import { findInvitation } from "@/lib/members/find-invitation";
import { ROLE_LABELS } from "@/lib/members/roles";

export const metadata: Metadata = { title: "Accept invitation" };

const REFUSED: Record<"accepted" | "revoked" | "expired", string> = {
  accepted: "This invitation link was already used. Sign in with the password you set.",
  revoked: "This invitation was revoked. Ask the account's owner or an admin for a new one.",
  expired: "This invitation link has expired. Ask the account's owner or an admin for a new one.",
};

export default async function AcceptInvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await findInvitation(token);
  if (!invitation || invitation.state !== "pending") {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Invitation not usable</CardTitle>
          <CardDescription>
            {invitation && invitation.state !== "pending" ? REFUSED[invitation.state] : "This invitation link is not valid."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link href="/login" className="text-sm font-medium text-zinc-900 underline-offset-4 hover:underline">
            Go to sign in
          </Link>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Join {invitation.accountName}</CardTitle>
        <CardDescription>
          You are invited as {ROLE_LABELS[invitation.role].toLowerCase()}.{" "}
          {invitation.hasLogin ? "Confirm with the password you already use on Mailwright." : "Set a password to finish."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AcceptInvitationForm token={token} email={invitation.email} hasLogin={invitation.hasLogin} />
      </CardContent>
    </Card>
  );
}
