import type { ReactNode } from 'react';

/** A plain button drawn like antd's (landing.css `.bs-btn`); its click is taken over by the whole app. */
export function PlainButton({
  primary,
  large,
  block,
  text,
  shape,
  icon,
  label,
  children,
}: {
  primary?: boolean;
  large?: boolean;
  block?: boolean;
  text?: boolean;
  shape?: 'circle';
  icon?: ReactNode;
  label?: string;
  children?: ReactNode;
}) {
  const cls = [
    'bs-btn',
    primary ? 'bs-btn--primary' : text ? 'bs-btn--text' : 'bs-btn--default',
    large ? 'bs-btn--lg' : '',
    block ? 'bs-btn--block' : '',
    shape ? 'bs-btn--circle' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button type="button" className={cls} aria-label={label}>
      {icon}
      {children === undefined ? null : <span>{children}</span>}
    </button>
  );
}
