export const BUNDLE_EXTERNAL: string[];
export function bundleEntries(entryPoints: Record<string, string>, outdir: string): Promise<void>;
