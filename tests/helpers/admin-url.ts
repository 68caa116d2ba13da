/** The server's maintenance database, from which test databases are created and dropped. */
export function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = "/postgres";
  return url.toString();
}
