import type { ReactNode } from 'react';
import { Typography } from 'antd';

export interface PageFrameProps {
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** The frame every /home screen shares: title, one-line explanation, actions on the right, content. */
export function PageFrame({ title, description, extra, children, className }: PageFrameProps) {
  return (
    <section className={['bs-page', className].filter(Boolean).join(' ')}>
      <header className="bs-page__head">
        <div className="bs-page__titles">
          <Typography.Title level={3} className="bs-page__title">
            {title}
          </Typography.Title>
          {description ? (
            <Typography.Paragraph className="bs-page__desc">{description}</Typography.Paragraph>
          ) : null}
        </div>
        {extra ? <div className="bs-page__extra">{extra}</div> : null}
      </header>
      <div className="bs-page__body">{children}</div>
    </section>
  );
}

/** A white rounded panel inside a PageFrame. */
export function Panel({
  title,
  extra,
  children,
  className,
  id,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <div id={id} className={['bs-panel', className].filter(Boolean).join(' ')}>
      {title || extra ? (
        <div className="bs-panel__head">
          <div className="bs-panel__title">{title}</div>
          {extra ? <div>{extra}</div> : null}
        </div>
      ) : null}
      <div className="bs-panel__body">{children}</div>
    </div>
  );
}
