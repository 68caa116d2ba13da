"use client";

import { useState } from "react";
import { useTopics, type Topic } from "@/lib/hooks/use-topics";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FlagIcon, PlusIcon } from "@/components/ui/icons";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { SettingsSection } from "./settings-section";
import { TopicDialog } from "./topic-dialog";

// The account's topics: what contacts switch on and off on the preference page, and what a
// broadcast may be limited to.
export function TopicsSection() {
  const topics = useTopics();
  const [dialog, setDialog] = useState<{ topic?: Topic } | null>(null);
  const newTopic = (
    <Button size="sm" onClick={() => setDialog({})}>
      <PlusIcon className="size-4" />
      New topic
    </Button>
  );

  return (
    <SettingsSection
      id="topics"
      title="Topics"
      description="Let contacts keep the emails they want: each unsubscribe link opens a preference page with these topics as switches. A broadcast sent on a topic skips whoever is not subscribed to it."
    >
      {topics.isPending ? (
        <Card role="status" aria-busy="true" aria-label="Loading topics" className="space-y-3 p-5">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-4 w-64" />
        </Card>
      ) : topics.isError ? (
        <LoadError title="Could not load the topics" error={topics.error} onRetry={() => topics.refetch()} />
      ) : topics.data.data.length === 0 ? (
        <EmptyState
          icon={FlagIcon}
          title="No topics yet"
          description="Without topics, the preference page offers only unsubscribing from everything."
          action={newTopic}
        />
      ) : (
        <div className="space-y-3">
          <div className="flex justify-end">{newTopic}</div>
          <Card>
            <ul className="divide-y divide-zinc-100">
              {topics.data.data.map((topic) => (
                <li key={topic.id} className="flex items-center gap-4 px-5 py-3.5">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-zinc-900">{topic.name}</p>
                    {topic.description && <p className="truncate text-[13px] text-zinc-500">{topic.description}</p>}
                  </div>
                  <Badge tone={topic.default_subscription === "opt_in" ? "success" : "neutral"}>
                    {topic.default_subscription === "opt_in" ? "Opt in by default" : "Opt out by default"}
                  </Badge>
                  <Button size="sm" variant="ghost" onClick={() => setDialog({ topic })} aria-label={`Edit ${topic.name}`}>
                    Edit
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      )}
      <TopicDialog
        key={dialog?.topic?.id ?? "new"}
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        topic={dialog?.topic}
      />
    </SettingsSection>
  );
}
