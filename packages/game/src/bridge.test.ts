import { describe, expect, it } from 'vitest';
import { createBridge, type ShellToGame } from './bridge.ts';

describe('game bridge', () => {
  it('answers a token request with the shell token, and stops after unsubscribe', () => {
    const received: ShellToGame[] = [];
    const written: string[] = [];
    const bridge = createBridge((event, reply) => {
      if (event.type === 'token-request') reply({ type: 'token', token: 'abc' });
      if (event.type === 'token-write') written.push(event.token);
    });
    const off = bridge.onShellEvent((e) => received.push(e));
    bridge.toShell({ type: 'token-request' });
    bridge.toShell({ type: 'token-write', token: 'fresh' });
    off();
    bridge.toShell({ type: 'token-request' });
    expect(received).toEqual([{ type: 'token', token: 'abc' }]);
    expect(written).toEqual(['fresh']);
  });
});
