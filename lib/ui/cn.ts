/** Joins class names, skipping empty ones. Variants are designed not to conflict, so no merging. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
