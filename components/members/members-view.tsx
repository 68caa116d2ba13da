"use client";

import { useState } from "react";
import {
  useInvitations,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
  useUpdateMemberRole,
  type Member,
} from "@/lib/hooks/use-members";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/members/roles";
import { errorMessage } from "@/lib/ui/fetch-api";
import { formatDate, formatDateTime } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { PlusIcon } from "@/components/ui/icons";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { InviteMemberDialog } from "./invite-member-dialog";

const PAGE_SIZE = 50;
const WIDE = "hidden sm:table-cell";
const STATE_TONES: Record<string, BadgeTone> = { pending: "info", accepted: "success", expired: "neutral", revoked: "neutral" };

/** Members with their roles (owners and admins change them), and the invitations sent. */
export function MembersView({ myRole, myUserId }: { myRole: Role; myUserId: string }) {
  const manager = myRole === "owner" || myRole === "admin";
  const [offset, setOffset] = useState(0);
  const members = useMembers({ limit: PAGE_SIZE, offset });
  const invitations = useInvitations(manager);
  const updateRole = useUpdateMemberRole();
  const removeMember = useRemoveMember();
  const revokeInvitation = useRevokeInvitation();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [roleError, setRoleError] = useState<string | null>(null);

  // Ownership is the owners' alone: an admin cannot touch an owner or offer the owner role.
  const mayEdit = (m: Member) => manager && m.userId !== myUserId && (myRole === "owner" || m.role !== "owner");
  const roleChoices = ROLES.filter((r) => r !== "owner" || myRole === "owner");

  async function changeRole(member: Member, role: Role) {
    setRoleError(null);
    try {
      await updateRole.mutateAsync({ id: member.id, role });
    } catch (e) {
      setRoleError(`${member.email}: ${errorMessage(e)}`);
    }
  }

  return (
    <>
      <PageHeader
        title="Members"
        description="Everyone who can open this account's dashboard, and what their role lets them do. API keys are not members: each key reaches the whole account within its scope."
        actions={
          manager && (
            <Button onClick={() => setInviteOpen(true)}>
              <PlusIcon />
              Invite member
            </Button>
          )
        }
      />
      {roleError && (
        <Alert tone="error" className="mb-4">
          {roleError}
        </Alert>
      )}
      {members.isPending ? (
        <Table aria-busy="true" aria-label="Loading members">
          <TableBody>
            <SkeletonRows cells={["h-4 w-48", "h-5 w-24", null]} />
          </TableBody>
        </Table>
      ) : members.isError && !members.data ? (
        <LoadError title="Could not load the members" error={members.error} onRetry={() => members.refetch()} />
      ) : (
        <Table>
          <caption className="sr-only">Members</caption>
          <TableHeader>
            <tr>
              <TableHead>Member</TableHead>
              <TableHead>Role</TableHead>
              <TableHead className={WIDE}>Joined</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </tr>
          </TableHeader>
          <TableBody>
            {members.data?.data.map((m) => (
              <TableRow key={m.id}>
                <TableCell className="w-full max-w-0 sm:w-auto sm:max-w-none">
                  <span className="block truncate font-medium text-zinc-900">{m.name ?? m.email}</span>
                  {m.name && <span className="block text-xs [overflow-wrap:anywhere] whitespace-normal text-zinc-500">{m.email}</span>}
                  {m.userId === myUserId && <span className="block text-xs text-zinc-500">You</span>}
                </TableCell>
                <TableCell>
                  {mayEdit(m) ? (
                    <Select
                      aria-label={`Role of ${m.email}`}
                      value={m.role}
                      disabled={updateRole.isPending}
                      onChange={(e) => void changeRole(m, e.target.value as Role)}
                      className="h-8 w-36 text-[13px]"
                    >
                      {(roleChoices.includes(m.role) ? roleChoices : [m.role, ...roleChoices]).map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABELS[r]}
                        </option>
                      ))}
                    </Select>
                  ) : (
                    <Badge tone={m.role === "owner" ? "brand" : "neutral"}>{ROLE_LABELS[m.role]}</Badge>
                  )}
                </TableCell>
                <TableCell className={WIDE}>
                  <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)}>
                    {formatDate(m.createdAt)}
                  </time>
                </TableCell>
                <TableCell className="text-right">
                  {mayEdit(m) && (
                    <Button variant="ghost" size="sm" onClick={() => setRemoving(m)}>
                      Remove
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {members.data && members.data.pagination.total > PAGE_SIZE && (
        <Pagination limit={PAGE_SIZE} offset={offset} total={members.data.pagination.total} onOffsetChange={setOffset} noun="members" />
      )}

      {manager && (
        <section className="mt-10" aria-labelledby="invitations-heading">
          <h2 id="invitations-heading" className="mb-3 text-base font-semibold text-zinc-900">
            Invitations
          </h2>
          {invitations.isError && !invitations.data ? (
            <LoadError title="Could not load the invitations" error={invitations.error} onRetry={() => invitations.refetch()} />
          ) : invitations.data?.data.length === 0 ? (
            <p className="text-sm text-zinc-500">No invitations sent yet.</p>
          ) : (
            <Table>
              <caption className="sr-only">Invitations</caption>
              <TableHeader>
                <tr>
                  <TableHead>Email</TableHead>
                  <TableHead className={WIDE}>Role</TableHead>
                  <TableHead>State</TableHead>
                  <TableHead className={WIDE}>Expires</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </tr>
              </TableHeader>
              <TableBody>
                {invitations.data?.data.map((i) => (
                  <TableRow key={i.id}>
                    <TableCell className="w-full max-w-0 sm:w-auto sm:max-w-none">
                      <span className="block [overflow-wrap:anywhere] whitespace-normal">{i.email}</span>
                      <span className="block text-xs text-zinc-500 sm:hidden">{ROLE_LABELS[i.role]}</span>
                    </TableCell>
                    <TableCell className={WIDE}>{ROLE_LABELS[i.role]}</TableCell>
                    <TableCell>
                      <Badge tone={STATE_TONES[i.state]} dot>
                        {i.state.charAt(0).toUpperCase() + i.state.slice(1)}
                      </Badge>
                    </TableCell>
                    <TableCell className={WIDE}>
                      <time dateTime={i.expiresAt} title={formatDateTime(i.expiresAt)}>
                        {formatDate(i.expiresAt)}
                      </time>
                    </TableCell>
                    <TableCell className="text-right">
                      {i.state === "pending" && (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => revokeInvitation.mutate(i.id)}
                          disabled={revokeInvitation.isPending}
                        >
                          Revoke
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </section>
      )}

      {manager && <InviteMemberDialog open={inviteOpen} onOpenChange={setInviteOpen} myRole={myRole} />}
      <ConfirmDeleteDialog
        item={removing}
        title="Remove member"
        description={(m) => (
          <>
            <span className="font-medium text-zinc-700">{m.email}</span> loses access to this account at once: their open sessions end.
          </>
        )}
        confirmLabel="Remove member"
        onConfirm={(m) => removeMember.mutateAsync(m.id)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
