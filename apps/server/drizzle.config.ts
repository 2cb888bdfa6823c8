import { defineConfig } from 'drizzle-kit';

// `cd apps/server && npx drizzle-kit generate --name <what>` writes a new
// migration after a change to src/db/schema.ts. Migrations run at server start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
