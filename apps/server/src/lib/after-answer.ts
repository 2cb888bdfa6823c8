/**
 * Work a request leaves for after its answer has gone (so the answer's time says
 * nothing of it): one task at a time per queue, in arrival order, a failure logged
 * rather than thrown, and whatever is still queued when the server stops done before
 * its database closes.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { concurrencyLimit } from './concurrency-limit.ts';

export type AfterAnswer = (log: FastifyBaseLogger, failure: string, task: () => Promise<void>) => void;

export function afterAnswerQueue(server: FastifyInstance): AfterAnswer {
  const oneAtATime = concurrencyLimit(1);
  const queued = new Set<Promise<void>>();
  server.addHook('onClose', async () => {
    await Promise.allSettled([...queued]);
  });
  return (log, failure, task) => {
    const work = oneAtATime(task).catch((err: unknown) => log.error({ err }, failure));
    queued.add(work);
    void work.finally(() => queued.delete(work));
  };
}
