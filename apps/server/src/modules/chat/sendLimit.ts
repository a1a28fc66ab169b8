/**
 * Per-sender flood guard: at most `max` sends in any `windowMs`. In memory, per instance: it stops a
 * runaway client, not a distributed attack (the HTTP rate limits and the hall handshake do that).
 */
export class SendLimit {
  private readonly sent = new Map<number, number[]>();

  constructor(
    private readonly max = 20,
    private readonly windowMs = 5000,
  ) {}

  /** Records a send; false when over the limit. */
  take(userId: number, now = Date.now()): boolean {
    const recent = (this.sent.get(userId) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) {
      this.sent.set(userId, recent);
      return false;
    }
    recent.push(now);
    this.sent.set(userId, recent);
    if (this.sent.size > 10_000) this.prune(now);
    return true;
  }

  private prune(now: number): void {
    for (const [k, v] of this.sent) if (v.every((t) => now - t >= this.windowMs)) this.sent.delete(k);
  }
}
