/**
 * Spaces the requests to one provider: at most `perSecond` started per second, and none while
 * the provider asked to wait (a 429's Retry-After).
 */
export class Pacer {
  private next = 0;
  private pausedUntil = 0;
  constructor(private readonly perSecond: number) {}

  /** Resolves when the next request may start. */
  async turn(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next, this.pausedUntil);
    this.next = at + 1000 / this.perSecond;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  pause(seconds: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + seconds * 1000);
  }

  /** The provider asked to wait longer than `ms` from now. */
  blockedFor(ms: number): boolean {
    return this.pausedUntil > Date.now() + ms;
  }

  /** Seconds left of the provider's pause (0 when none). */
  pauseLeft(): number {
    return Math.max(0, Math.ceil((this.pausedUntil - Date.now()) / 1000));
  }
}
