import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { Role } from "@/lib/members/roles";
import { fetchApi } from "@/lib/ui/fetch-api";

export interface Member {
  id: string;
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  createdAt: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  state: "pending" | "accepted" | "expired" | "revoked";
  expiresAt: string;
  acceptedAt: string | null;
  createdAt: string;
}

const membersKey = ["members"] as const;

export function useMembers(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...membersKey, "list", page],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<Member>>(`/api/v1/members?limit=${page.limit}&offset=${page.offset}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInvitations(enabled: boolean) {
  return useQuery({
    queryKey: [...membersKey, "invitations"],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<Invitation>>("/api/v1/members/invitations?limit=50", { signal }),
    enabled,
  });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: Role }) => fetchApi<Invitation>("/api/v1/members/invitations", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi<Invitation>(`/api/v1/members/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      fetchApi<Member>(`/api/v1/members/${encodeURIComponent(id)}`, { method: "PATCH", body: { role } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchApi<{ id: string; deleted: true }>(`/api/v1/members/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}
