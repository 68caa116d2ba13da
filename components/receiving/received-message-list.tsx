import type { ReceivedEmailSummary } from "@/lib/hooks/use-received-emails";
import { MessageList } from "@/components/mail-viewer/message-list";

function detail(message: ReceivedEmailSummary) {
  const count = message.attachments.length;
  const attachments = count > 0 ? ` · ${count} attachment${count === 1 ? "" : "s"}` : "";
  return `For ${message.received_for.join(", ")}${attachments}`;
}

export function ReceivedMessageList(props: {
  messages: ReceivedEmailSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <MessageList
      label="Received messages"
      items={props.messages.map((message) => ({
        id: message.id,
        from: message.from,
        subject: message.subject,
        date: message.created_at,
        detail: detail(message),
      }))}
      selectedId={props.selectedId}
      onSelect={props.onSelect}
    />
  );
}
