/**
 * How many columns a grid of `count` cards gets on a wide screen. Up to `max` cards share one
 * row. More fill rows exactly when `max` or one fewer divides them (4 cards: 2 + 2; 6: 3 + 3);
 * otherwise the widest count whose last row is at least half full (5 cards: 3 + 2; 7: 4 + 3),
 * else `max`. The short row is centred (components.css), so no slot is left empty.
 */
export function balancedColumns(count: number, max: 3 | 4 = 3): number {
  if (count <= max) return Math.max(count, 1);
  for (const columns of [max, max - 1]) if (columns >= 2 && count % columns === 0) return columns;
  for (let columns = max; columns >= 3; columns -= 1) if (count % columns >= Math.ceil(columns / 2)) return columns;
  return max;
}
