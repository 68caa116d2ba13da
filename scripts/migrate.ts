// npm run db:migrate – apply prisma/migrations to DATABASE_URL (or the embedded database).
import { migrate } from "@/lib/db/migrate";
import { withDatabase } from "./lib/database";

await withDatabase(async (url) => {
  const applied = await migrate(url, { log: (line) => console.log(line) });
  console.log(applied.length ? `${applied.length} migration(s) applied` : "database is up to date");
});
