import React, { useState, type FC } from 'react';
import clsx from 'clsx';
import type { Theme } from '@acme/design/theme';
import './Component.css';

const LazyChart = React.lazy(() => import('./Chart'));

export interface ComponentProps<T> {
  items: T[];
  theme?: Theme;
}

export const Component = <T,>({ items, theme }: ComponentProps<T>) => {
  const [open, setOpen] = useState(false);
  return (
    <div className={clsx('c', { open })} onClick={() => setOpen(!open)}>
      {items.length > 0 ? <LazyChart data={items} /> : null}
    </div>
  );
};

export default Component as FC<ComponentProps<unknown>>;
