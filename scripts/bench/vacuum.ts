/**
 * This machine's PostgreSQL runs with `autovacuum = off` (its CI setting); a production server
 * vacuums a table once about a fifth of it is dead rows. Between sections the bench does what
 * autovacuum would have done meanwhile (VACUUM ANALYZE of the bench database's tables), and
 * says so; with autovacuum on it leaves that to the server. Within a section nothing is
 * vacuumed, so a long section still pays for its own dead rows.
 */
export async function vacuumIfAutovacuumOff(): Promise<string | null> {
  // Imported here, not at the top: the bench points DATABASE_URL at its own database first.
  // A connection without the pool's statement timeout: after millions of seeded rows it takes longer.
  const { seedingClient } = await import("./setup");
  const client = await seedingClient();
  try {
    const { rows } = await client.query<{ autovacuum: string }>("SHOW autovacuum");
    if (rows[0].autovacuum === "on") return null;
    // Fixed statements (VACUUM takes no parameters, and no table name comes from outside).
    const t0 = performance.now();
    await client.query("VACUUM (ANALYZE)");
    return `the server runs with autovacuum off: vacuumed and analyzed the bench database's tables as autovacuum would have (${((performance.now() - t0) / 1000).toFixed(1)} s, not measured)`;
  } finally {
    await client.end();
  }
}
