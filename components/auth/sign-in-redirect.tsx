"use client";

import { useEffect } from "react";

/**
 * Sends a signed-out visitor to the sign-in page with the page they asked for as callbackUrl,
 * so signing in lands there. A server layout does not know the path it renders, the browser
 * does; the sign-in page keeps only a path on this site (safeCallbackUrl).
 */
export function SignInRedirect() {
  useEffect(() => {
    const here = `${window.location.pathname}${window.location.search}`;
    window.location.replace(`/login?callbackUrl=${encodeURIComponent(here)}`);
  }, []);
  return (
    <p role="status" className="p-6 text-sm text-zinc-500">
      Signing you in…
    </p>
  );
}
