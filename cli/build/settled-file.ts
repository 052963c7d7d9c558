// A file whose hash a build records and a later build trusts by the file's identity (device,
// inode, size, times) alone: up-to-date.ts for content files, page-cache.ts for cached pages.

/**
 * A file changed less than this before a build looked at it could change again within the same
 * timestamp on a file system with coarse times, its identity unchanged: what was recorded of
 * it then is not trusted.
 */
const racyWindowMs = 2000;

/** Whether a file last changed at `changedNs` (ns since the epoch) had settled when a build looked at it at `lookedAt` (ms since the epoch). */
export function settledBefore(changedNs: bigint, lookedAt: number): boolean {
  return Number(changedNs / 1_000_000n) < lookedAt - racyWindowMs;
}
