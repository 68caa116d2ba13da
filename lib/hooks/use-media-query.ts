"use client";

import { useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now, following its changes. The server (and the first render
 * in the browser, to hydrate the same markup) answers false.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
