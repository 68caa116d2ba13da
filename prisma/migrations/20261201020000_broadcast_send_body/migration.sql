-- The content a broadcast's member emails are made from, fixed when its fan-out starts: its
-- template's subject and body as published then, else its own. Every member gets the same
-- version (an A/B test's later phase and a run resumed after a crash too), whatever happens to
-- the template while the emails go out.
ALTER TABLE "Broadcast" ADD COLUMN "sendSubject" TEXT, ADD COLUMN "sendHtml" TEXT, ADD COLUMN "sendText" TEXT;
