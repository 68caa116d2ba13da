import type { InboxMessageSummary } from "@/lib/hooks/use-inbox";
import { MessageList } from "@/components/mail-viewer/message-list";

interface InboxMessageListProps {
  messages: InboxMessageSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

export function InboxMessageList({ messages, selectedId, onSelect }: InboxMessageListProps) {
  return (
    <MessageList
      label="Messages"
      items={messages.map((message) => ({
        id: message.id,
        from: message.from,
        subject: message.subject,
        date: message.createdAt,
        detail: `To ${message.to.join(", ")}`,
      }))}
      selectedId={selectedId}
      onSelect={onSelect}
    />
  );
}
