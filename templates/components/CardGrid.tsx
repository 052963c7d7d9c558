import { Children, type ReactNode } from 'react';
import { balancedColumns } from './grid-columns.ts';

/**
 * A balanced grid of cards (components.css): one column on phones, two from 640px, then the
 * column count `balancedColumns` picks; a short last row is centred, so no slot stays empty.
 * Each child is one card; the grid wraps it in a list item.
 */
export default function CardGrid({
  children,
  max = 3,
  ordered = false,
  className,
}: {
  children: ReactNode;
  max?: 3 | 4;
  ordered?: boolean;
  className?: string;
}) {
  const items = Children.toArray(children);
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className ?? 'card-grid'} data-columns={balancedColumns(items.length, max)}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </List>
  );
}
