-- A statement made of data-modifying CTEs is undone only by an error. The accept statement
-- (lib/emails/store-accepted-emails-sql.ts) raised one by dividing by zero when the balance was
-- short, which its caller had to recognise as SQLSTATE 22012 from any division. This function
-- raises an error of Mailwright's own SQLSTATE (class MW, unused by PostgreSQL) whose message is
-- the reason, so the caller matches what the statement meant. It returns int so that it can
-- stand as a CASE branch of an int column; it never returns. VOLATILE (the default): evaluated
-- only where a CASE reaches it, never folded ahead of time.
CREATE FUNCTION "mw_abort"(reason text) RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'MW001', MESSAGE = reason;
END
$$;
