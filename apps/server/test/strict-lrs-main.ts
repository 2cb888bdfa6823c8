/**
 * The strict LRS (strict-lrs.ts) as a process of its own, for lrs.ts: listens on 127.0.0.1 at
 * LRS_PORT with LRS_KEY and LRS_SECRET, and prints "listening" once it does.
 */
import http from 'node:http';
import { createStrictLrs } from './strict-lrs.ts';

const { LRS_PORT, LRS_KEY, LRS_SECRET } = process.env;
if (!LRS_PORT || !LRS_KEY || !LRS_SECRET) {
  console.error('LRS_PORT, LRS_KEY and LRS_SECRET are needed');
  process.exit(2);
}
const lrs = createStrictLrs({ key: LRS_KEY, secret: LRS_SECRET });
const server = http.createServer(lrs.handler);
server.listen(Number(LRS_PORT), '127.0.0.1', () => console.log('listening'));
