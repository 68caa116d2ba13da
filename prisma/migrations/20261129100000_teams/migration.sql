-- Teams: an account's members with roles, emailed invitations, and the audit log.
CREATE TYPE "MemberRole" AS ENUM ('owner', 'admin', 'developer', 'marketer', 'viewer');

CREATE TABLE "Membership" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Membership_accountId_userId_key" ON "Membership"("accountId", "userId");
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every existing user owns the account it signed up with.
INSERT INTO "Membership" ("id", "accountId", "userId", "role", "createdAt", "updatedAt")
SELECT 'mem_' || substr(md5("id"), 1, 24), "accountId", "id", 'owner', "createdAt", CURRENT_TIMESTAMP FROM "User";

CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedByUserId" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation"("tokenHash");
CREATE INDEX "Invitation_accountId_createdAt_idx" ON "Invitation"("accountId", "createdAt");
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Append-only per account; seq orders an account's entries and each hash covers prevHash.
CREATE TABLE "AuditLogEntry" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT NOT NULL,
    "actorLabel" TEXT,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT,
    "ipAddress" TEXT,
    "summary" JSONB,
    "prevHash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuditLogEntry_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "AuditLogEntry_accountId_seq_key" ON "AuditLogEntry"("accountId", "seq");
CREATE INDEX "AuditLogEntry_accountId_createdAt_idx" ON "AuditLogEntry"("accountId", "createdAt");
CREATE INDEX "AuditLogEntry_createdAt_idx" ON "AuditLogEntry"("createdAt");
ALTER TABLE "AuditLogEntry" ADD CONSTRAINT "AuditLogEntry_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An account that uses single sign-on may turn password sign-in off.
ALTER TABLE "Account" ADD COLUMN "passwordSignIn" BOOLEAN NOT NULL DEFAULT true;
