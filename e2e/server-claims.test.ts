/** How an e2e worker claims its server (e2e/server.ts): no browser, no server. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claim } from './server.ts';

describe("an e2e worker's claim on a server", () => {
  let dir = '';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-test-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = () => path.join(dir, '0');

  it('takes a free server, holding its pid, and keeps it when asked again', () => {
    expect(claim(file())).toBe(true);
    expect(fs.readFileSync(file(), 'utf8')).toBe(String(process.pid));
    expect(claim(file())).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['0']);
  });

  it("leaves a server to a process that is still running, and takes an ended process's", () => {
    // The runner's parent is running.
    fs.writeFileSync(file(), String(process.ppid));
    expect(claim(file())).toBe(false);
    expect(fs.readFileSync(file(), 'utf8')).toBe(String(process.ppid));
    // A process that has ended.
    const ended = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    fs.writeFileSync(file(), ended.stdout.trim());
    expect(claim(file())).toBe(true);
    expect(fs.readFileSync(file(), 'utf8')).toBe(String(process.pid));
    expect(fs.readdirSync(dir)).toEqual(['0']);
  });
});
