-- Where the dashboard's journey canvas draws steps moved by hand: {<step key>: {x, y}}.
ALTER TABLE "Automation" ADD COLUMN "stepPositions" JSONB;
