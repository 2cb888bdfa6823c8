/**
 * Debounced saving that never loses an edit: edits merge into one pending patch
 * (the last edit of a field wins), a save starts after `delay` ms of quiet, one
 * save runs at a time, a failed save puts its fields back under any newer edits
 * and is retried with backoff, and `flush()` saves at once (closing a form).
 * While an edit has not reached the server, leaving the page asks first and
 * starts the save (unsaved-work.ts).
 */
import { holdUnsavedWork } from './unsaved-work.ts';

export interface AutosaverOptions<P> {
  delay: number;
  save(patch: P): Promise<void>;
  /** Merges a newer patch over an older one. */
  merge(older: P, newer: P): P;
  isEmpty(patch: P): boolean;
  onError?(patch: P, error: unknown): void;
  /** Whether a failed save is worth retrying (a refused value is not: it is dropped, and shown). */
  shouldRetry?(error: unknown): boolean;
  /** Backoff of the n-th consecutive retry, ms. */
  retryDelay?(attempt: number): number;
}

export class Autosaver<P> {
  private pending: P | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private failures = 0;
  private release: (() => void) | null = null;

  constructor(private readonly options: AutosaverOptions<P>) {}

  /** Records an edit and (re)starts the debounce. */
  edit(patch: P): void {
    this.pending = this.pending === null ? patch : this.options.merge(this.pending, patch);
    this.release ??= holdUnsavedWork({ unsaved: () => this.dirty, flush: () => void this.flush() });
    this.schedule(this.options.delay);
  }

  /** True while an edit has not reached the server. */
  get dirty(): boolean {
    return this.pending !== null || this.running !== null;
  }

  /** Saves what is pending now; resolves when nothing is left or a save failed. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
    const patch = this.pending;
    if (patch === null || this.options.isEmpty(patch)) {
      this.pending = null;
      this.releaseWhenClean();
      return;
    }
    this.pending = null;
    this.running = this.options.save(patch).then(
      () => {
        this.failures = 0;
      },
      (error: unknown) => {
        this.options.onError?.(patch, error);
        if (this.options.shouldRetry?.(error) === false) return;
        // Put the failed fields back under anything edited meanwhile, and retry.
        this.pending = this.pending === null ? patch : this.options.merge(patch, this.pending);
        this.failures += 1;
        this.schedule(this.options.retryDelay?.(this.failures) ?? Math.min(30_000, 1000 * 2 ** this.failures));
      },
    );
    try {
      await this.running;
    } finally {
      this.running = null;
    }
    // Edits made during the save are waiting on their own timer.
    this.releaseWhenClean();
  }

  private releaseWhenClean(): void {
    if (this.dirty) return;
    this.release?.();
    this.release = null;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
  }
}
