"use client";

import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";

type Register = (id: string, message: string | null) => void;

const NavigationGuardContext = createContext<Register | null>(null);

/** The in-app link a click would follow, or null when the click is not a plain same-site navigation. */
function guardedHref(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download")) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  const url = new URL(anchor.href, window.location.href);
  // Another site: the page unloads, which beforeunload covers.
  if (url.origin !== window.location.origin) return null;
  // A link to this same page (or a fragment of it) leaves nothing behind.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Asks before leaving a page with unsaved changes. The App Router has no route
 * events, so this listens to clicks on links (capture phase, before next/link handles them) and
 * to beforeunload (reload, closing the tab, typing an address). Pages opt in with
 * useUnsavedChangesGuard(); one provider in the dashboard layout serves them all.
 */
export function NavigationGuardProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const guards = useRef(new Map<string, string>());
  const [pending, setPending] = useState<{ href: string; message: string } | null>(null);

  const register = useCallback<Register>((id, message) => {
    if (message === null) guards.current.delete(id);
    else guards.current.set(id, message);
  }, []);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const message = guards.current.values().next().value;
      if (message === undefined) return;
      const href = guardedHref(event);
      if (href === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ href, message });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guards.current.size) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    document.addEventListener("click", onClick, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, []);

  function leave() {
    if (!pending) return;
    const { href } = pending;
    setPending(null);
    // The page is going away with its changes: it must not ask again on the way out.
    guards.current.clear();
    router.push(href);
  }

  return (
    <NavigationGuardContext.Provider value={register}>
      {children}
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Leave with unsaved changes?"
        description={pending?.message}
      >
        <DialogBody>
          <p className="text-sm text-zinc-700">If you leave now, what is not saved yet is lost.</p>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" data-autofocus onClick={() => setPending(null)}>
            Stay on this page
          </Button>
          <Button variant="danger" onClick={leave}>
            Leave without saving
          </Button>
        </DialogFooter>
      </Dialog>
    </NavigationGuardContext.Provider>
  );
}

/**
 * The one unsaved-changes guard of the dashboard's editors: while `message` is set, following an
 * in-app link asks first (with `message`), and reloading or closing the tab gets the browser's prompt.
 */
export function useUnsavedChangesGuard(message: string | null) {
  const register = useContext(NavigationGuardContext);
  const id = useId();
  useEffect(() => {
    if (!register) return;
    register(id, message);
    return () => register(id, null);
  }, [register, id, message]);
}
