-- A broadcast sent at a wall-clock time in each member's time zone.
ALTER TABLE "Broadcast" ADD COLUMN "localTime" JSONB;
