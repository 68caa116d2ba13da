-- Rate-limit counters (issue 13, the relay row): every request of a key updates that key's
-- row, and with a logged table each update waits for its own WAL flush while it holds the row
-- lock, so concurrent requests of one key queued one fsync each (about 3 ms apiece on the
-- bench machine). An unlogged table writes no WAL: its commits do not wait for a flush. The
-- counts are windows of seconds; after a crash of the server the table comes back empty,
-- which allows at most one fresh window per key.
ALTER TABLE "RateLimit" SET UNLOGGED;
