import { useCallback, useEffect, useState } from "react";

const storageKey = (templateKey: string) => `mailwright:template-samples:${templateKey}`;

function read(templateKey: string): Record<string, string> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey(templateKey)) ?? "{}") as unknown;
    return stored && typeof stored === "object" ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Copies the sample values of one template to another (a new template once it is saved). */
export function copySampleValues(from: string, to: string) {
  try {
    sessionStorage.setItem(storageKey(to), JSON.stringify(read(from)));
  } catch {
    // Storage full or disabled: the samples are a convenience.
  }
}

/**
 * Sample values for a template's variables, kept for the browser tab's session so they survive
 * a reload or the move from /templates/new to the saved template's page. Not sent to the server.
 */
export function useSampleValues(templateKey: string) {
  const [values, setValues] = useState<Record<string, string>>({});
  // sessionStorage exists only in the browser: read it after the first (server-matching) render.
  // Reading it during render would make the hydrated HTML differ from the server's.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setValues(read(templateKey)), [templateKey]);

  const setValue = useCallback(
    (path: string, value: string) =>
      setValues((current) => {
        const next = { ...current, [path]: value };
        try {
          sessionStorage.setItem(storageKey(templateKey), JSON.stringify(next));
        } catch {
          // As above.
        }
        return next;
      }),
    [templateKey],
  );
  return [values, setValue] as const;
}
