import type { TopLink } from "@/lib/hooks/use-analytics";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

const number = new Intl.NumberFormat("en-US");

function Head() {
  return (
    <TableHeader>
      <tr>
        <TableHead>Link</TableHead>
        <TableHead className="w-28 text-right">Clicks</TableHead>
        <TableHead className="w-32 text-right">Unique clicks</TableHead>
      </tr>
    </TableHeader>
  );
}

export function TopLinksSkeleton() {
  return (
    <Table aria-busy="true" aria-label="Loading top links">
      <Head />
      <TableBody>
        <SkeletonRows cells={["h-4 w-full max-w-72", "ml-auto h-4 w-10", "ml-auto h-4 w-10"]} />
      </TableBody>
    </Table>
  );
}

/** The most clicked URLs, each with a bar sized against the top one. */
export function TopLinksTable({ links }: { links: TopLink[] }) {
  const max = Math.max(1, ...links.map((link) => link.clicks));
  return (
    <Table>
      <caption className="sr-only">Most clicked links, most clicks first</caption>
      <Head />
      <TableBody>
        {links.map((link) => (
          <TableRow key={link.url}>
            <TableCell className="max-w-0">
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                title={link.url}
                className="block truncate text-zinc-900 hover:text-brand-600 hover:underline"
              >
                {link.url.replace(/^https?:\/\//, "")}
              </a>
              <div aria-hidden="true" className="mt-1.5 h-1 rounded-full bg-zinc-100">
                <div className="h-1 rounded-full bg-brand-500/70" style={{ width: `${(link.clicks / max) * 100}%` }} />
              </div>
            </TableCell>
            <TableCell className="text-right font-medium text-zinc-900 tabular-nums">{number.format(link.clicks)}</TableCell>
            <TableCell className="text-right text-zinc-500 tabular-nums">{number.format(link.uniqueClicks)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
