/** "ada@example.com" or "ada@example.com +2", the full list in the tooltip. */
export function RecipientSummary({ to }: { to: string[] }) {
  if (to.length === 0) return <span className="text-zinc-500">No recipients</span>;
  return (
    <span className="flex min-w-0 items-center gap-1.5" title={to.join(", ")}>
      <span className="truncate">{to[0]}</span>
      {to.length > 1 && <span className="shrink-0 rounded bg-zinc-100 px-1 text-xs font-medium text-zinc-600">+{to.length - 1}</span>}
    </span>
  );
}
