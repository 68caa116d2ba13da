export function bundleEntries(entryPoints: Record<string, string>, outdir: string): Promise<void>;
