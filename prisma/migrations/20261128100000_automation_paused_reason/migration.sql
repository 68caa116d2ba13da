-- Why the service paused an automation (its sender may no longer send); cleared on activation.
ALTER TABLE "Automation" ADD COLUMN "pausedReason" TEXT;
