// Prisma's `contains`, `startsWith` and `endsWith` become LIKE patterns on PostgreSQL without
// escaping: a user's `%` or `_` would match anything. This makes them literal characters.
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, "\\$&");
