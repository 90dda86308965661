/**
 * The one freshness rule behind every stored lifetime: saved products (15 days), stored
 * user info (community §9), the rating widget's 7-day vote memory and the helpful
 * widget's 7-day vote memory.
 *
 * Mirrors `visitor_state::lifetime::is_live` (crates/visitor-state/src/lifetime.rs);
 * checked through `visitor-state.json` `freshness` and `savedProducts` and `ratings.json`
 * `voteMemory`.
 *
 * A value stored at `storedAtMs` is live while `nowMs − storedAtMs < lifetimeMs`: it has
 * expired at exactly `storedAtMs + lifetimeMs`, and a value stored in the future (the clock
 * moved back, or another device's clock runs ahead) is live. Times are milliseconds since
 * the Unix epoch; JavaScript numbers are exact for them.
 */

/** Whether a value stored at `storedAtMs` is still live at `nowMs` for a lifetime of `lifetimeMs`. */
export function isLive(storedAtMs: number, nowMs: number, lifetimeMs: number): boolean {
  return nowMs - storedAtMs < lifetimeMs;
}
