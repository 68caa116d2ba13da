import { useQuery } from "@tanstack/react-query";
import { fetchApi } from "@/lib/ui/fetch-api";

/** GET /smtp: how to reach the relay; `password` describes what to use, it is not a secret. */
export interface SmtpSettings {
  host: string;
  port: number;
  security: "starttls" | "starttls_required";
  username: string;
  password: string;
  authMethods: string[];
  certificate: "configured" | "self_signed";
}

export function useSmtpSettings() {
  return useQuery({
    queryKey: ["smtp"],
    queryFn: ({ signal }) => fetchApi<SmtpSettings>("/api/v1/smtp", { signal }),
    staleTime: Infinity,
  });
}
