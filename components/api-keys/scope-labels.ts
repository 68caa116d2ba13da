import type { ApiKeyScopeName } from "@/lib/api-keys/schemas";

export const SCOPE_LABELS: Record<ApiKeyScopeName, { label: string; description: string }> = {
  full_access: {
    label: "Full access",
    description: "Every API endpoint: sending, domains, templates, webhooks and keys.",
  },
  "send:email": {
    label: "Sending access",
    description: "Only sending email: POST /emails, /emails/batch and the SMTP relay.",
  },
};
