import type { Contact } from "@/lib/hooks/use-contacts";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { CheckIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";

/** The contacts matching the search, as radio choices; the chosen one stays listed when a new search leaves it out. */
export function ContactChoices({
  contacts,
  loading,
  error,
  chosen,
  onChoose,
}: {
  contacts: Contact[] | undefined;
  loading: boolean;
  error: unknown;
  chosen: Contact | null;
  onChoose: (contact: Contact) => void;
}) {
  if (loading) return <Skeleton className="h-24 w-full" />;
  if (error) return <Alert tone="error">{errorMessage(error)}</Alert>;
  const list = [...(chosen && !contacts?.some((c) => c.id === chosen.id) ? [chosen] : []), ...(contacts ?? [])];
  if (!list.length)
    return (
      <p className="rounded-lg border border-dashed border-zinc-200 px-3 py-4 text-center text-[13px] text-zinc-500">
        No contact matches. Make one up instead.
      </p>
    );
  return (
    <ul role="radiogroup" aria-label="Contacts" className="divide-y divide-zinc-100 overflow-hidden rounded-lg border border-zinc-200">
      {list.map((contact) => {
        const selected = chosen?.id === contact.id;
        return (
          <li key={contact.id}>
            <button
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => onChoose(contact)}
              className={`flex w-full cursor-pointer items-center gap-3 px-3 py-2 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 ${selected ? "bg-brand-50" : "hover:bg-zinc-50"}`}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-zinc-900">{contact.name || contact.email}</span>
                {contact.name && <span className="block truncate text-xs text-zinc-500">{contact.email}</span>}
              </span>
              {!contact.subscribed && <Badge tone="warning">Unsubscribed</Badge>}
              {selected && <CheckIcon className="size-4 text-brand-600" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
