"use client";

import { useState } from "react";
import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { LogOutIcon } from "./dashboard-icons";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  async function onClick() {
    setPending(true);
    // redirect: false, then a full load of /login: drops every cached page and query of the
    // session, and does not depend on NEXTAUTH_URL matching the host the dashboard is served on.
    await signOut({ redirect: false });
    window.location.assign("/login");
  }
  return (
    <Button variant="ghost" size="sm" onClick={onClick} loading={pending} title="Sign out" className="px-2">
      {!pending && <LogOutIcon />}
      <span className="sr-only">Sign out</span>
    </Button>
  );
}
