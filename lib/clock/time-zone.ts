/**
 * Whether `name` is a time zone this runtime knows (an IANA name such as "Europe/Paris", or
 * "UTC"): Intl refuses any other with a RangeError. Pure, so forms in the browser use it too.
 */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 100) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
