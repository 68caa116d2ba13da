import { Badge } from "@/components/ui/badge";

/** The response status, coloured by its class. */
export function LogStatusBadge({ status }: { status: number }) {
  const tone = status >= 500 ? "danger" : status >= 400 ? "warning" : status >= 300 ? "info" : "success";
  return <Badge tone={tone}>{status}</Badge>;
}
