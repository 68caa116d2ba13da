import { useState } from "react";
import Link from "next/link";
import { useAddToList, useRemoveFromList, type Contact } from "@/lib/hooks/use-contacts";
import { useAllLists } from "@/lib/hooks/use-lists";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PlusIcon, XIcon } from "@/components/ui/icons";
import { Select } from "@/components/ui/select";

/** The contact's lists, each removable, and a picker to add one (which can start list_join automations). */
export function ContactListsCard({ contact }: { contact: Contact }) {
  const lists = useAllLists();
  const add = useAddToList(contact.id);
  const remove = useRemoveFromList(contact.id);
  const [picked, setPicked] = useState("");
  const all = lists.data?.data ?? [];
  const byName = new Map(all.map((l) => [l.name, l]));
  const available = all.filter((l) => !contact.lists.includes(l.name));
  const error = add.error ?? remove.error;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Lists</CardTitle>
        <CardDescription>Joining a list starts the automations triggered by it.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {error && <Alert tone="error">{errorMessage(error)}</Alert>}
        {contact.lists.length === 0 ? (
          <p className="text-sm text-zinc-500">Not in any list.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Lists this contact is in">
            {contact.lists.map((name) => {
              const list = byName.get(name);
              return (
                // A long list name is cut short inside the card (the full name in its title), never past its edge.
                <li key={name} className="max-w-full min-w-0">
                  <Badge tone="brand" className="max-w-full gap-1 py-1 pr-1" title={name}>
                    {list ? (
                      <Link href={`/contacts?list=${encodeURIComponent(list.id)}`} className="min-w-0 truncate hover:underline">
                        {name}
                      </Link>
                    ) : (
                      <span className="min-w-0 truncate">{name}</span>
                    )}
                    {list && (
                      <button
                        type="button"
                        aria-label={`Remove from ${name}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(list.id)}
                        className="shrink-0 rounded p-0.5 text-brand-500 hover:bg-brand-100 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
                      >
                        <XIcon className="size-3" />
                      </button>
                    )}
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
        {all.length === 0 && !lists.isPending ? (
          <p className="text-[13px] text-zinc-500">
            <Link href="/lists" className="font-medium text-zinc-900 underline-offset-2 hover:underline">
              Create a list
            </Link>{" "}
            to group contacts.
          </p>
        ) : (
          available.length > 0 && (
            <form
              className="flex gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                if (picked) add.mutate(picked, { onSuccess: () => setPicked("") });
              }}
            >
              <Select aria-label="List to add to" value={picked} onChange={(e) => setPicked(e.target.value)} className="min-w-0 flex-1">
                <option value="">Choose a list…</option>
                {available.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </Select>
              <Button type="submit" variant="secondary" disabled={!picked} loading={add.isPending}>
                <PlusIcon />
                Add
              </Button>
            </form>
          )
        )}
      </CardContent>
    </Card>
  );
}
