// The path-to-regexp Next bundles and reads rewrite sources with; it ships no types.
declare module "next/dist/compiled/path-to-regexp" {
  export function pathToRegexp(path: string, keys?: unknown[]): RegExp;
}
