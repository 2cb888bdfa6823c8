/**
 * The run's saves, sent one after another in the order they were made: a move
 * or an answer is kept on the server as it is given, and a later save never
 * lands before an earlier one. A save that fails leaves the next one to carry
 * it (every move save sends the whole log; the questionnaire's Continue sends
 * every answer).
 */
export class Saves {
  private last: Promise<void> = Promise.resolve();

  /** Queues a save after those already queued. */
  add(save: () => Promise<void>): void {
    this.last = this.last.then(save).catch(() => undefined);
  }

  /** Resolves when every save queued so far has landed or failed. */
  settled(): Promise<void> {
    return this.last;
  }
}
