import type { HTMLAttributes, ReactNode } from 'react';

/**
 * A plain list drawn like antd's List (antd 6 deprecates List; its successor Listy is a virtual
 * list, more than these short lists need). Items: optional title/description, extra and actions.
 */
export function ItemList<T>({
  items,
  renderItem,
  size,
  ...rest
}: {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  size?: 'small';
} & Omit<HTMLAttributes<HTMLUListElement>, 'children'> & { 'data-testid'?: string }) {
  return (
    <ul
      {...rest}
      className={['bs-list', size === 'small' ? 'bs-list--small' : '', rest.className ?? ''].join(' ').trim()}
    >
      {items.map(renderItem)}
    </ul>
  );
}

export function ListItem({
  title,
  description,
  extra,
  actions,
  children,
  className,
  ...rest
}: {
  title?: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
  actions?: ReactNode[];
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLLIElement>, 'title'> & { [data: `data-${string}`]: string | undefined }) {
  const shown = actions?.filter((a) => a != null) ?? [];
  return (
    <li {...rest} className={`bs-list__item${className ? ` ${className}` : ''}`}>
      <div className="bs-list__main">
        {title != null ? <div className="bs-list__title">{title}</div> : null}
        {description != null ? <div className="bs-list__description">{description}</div> : null}
        {children}
      </div>
      {extra != null ? <div className="bs-list__extra">{extra}</div> : null}
      {shown.length ? (
        <ul className="bs-list__actions">
          {shown.map((a, i) => (
            <li key={i}>{a}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
