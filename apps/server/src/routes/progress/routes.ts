/** GET admin/progress: training progress at a glance (progress/progress.ts). */
import type { FastifyInstance } from 'fastify';
import { progressQuerySchema, type ProgressResponse } from '@airman/contracts/progress.ts';
import type { Database } from '../../db/database.ts';
import { parseInput } from '../../lib/http-error.ts';
import { progressReport } from '../../progress/progress.ts';

export function progressRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/admin/progress', { config: { access: 'admin' } }, async (request): Promise<ProgressResponse> =>
    progressReport(database, parseInput(progressQuerySchema, request.query)),
  );
}
