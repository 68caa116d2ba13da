-- The body a broadcast's member emails render from when each is sent, fixed when its fan-out
-- starts: its template's as published then, else its own. Every member gets the same version,
-- whatever happens to the template while the emails go out.
ALTER TABLE "Broadcast" ADD COLUMN "sendHtml" TEXT, ADD COLUMN "sendText" TEXT;
