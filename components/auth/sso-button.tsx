"use client";

import { useState } from "react";
import { signIn } from "next-auth/react";
import { Button } from "@/components/ui/button";

/** Sign in through the configured OpenID Connect provider (shown only when one is configured). */
export function SsoButton({ name, callbackUrl }: { name: string; callbackUrl: string }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      className="w-full"
      loading={pending}
      onClick={() => {
        setPending(true);
        void signIn("oidc", { callbackUrl });
      }}
    >
      Continue with {name}
    </Button>
  );
}
