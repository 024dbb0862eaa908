import type { ReactNode } from 'react';
import { Button, Empty, Tooltip } from 'antd';

export const COMING_SOON = '即将上线';

export interface ComingSoonProps {
  /** What the screen will show here once the feature lands. */
  description: ReactNode;
  /** The action that will exist (shown disabled with the 即将上线 tooltip). */
  actionLabel?: string;
  actionIcon?: ReactNode;
  image?: ReactNode;
  children?: ReactNode;
}

/** An honest empty state for a feature that is not built yet: what it will do, and its future action. */
export function ComingSoon({ description, actionLabel, actionIcon, image, children }: ComingSoonProps) {
  return (
    <Empty className="bs-empty" image={image ?? Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {actionLabel ? (
        <Tooltip title={COMING_SOON}>
          {/* A disabled button swallows pointer events; the span keeps the tooltip working. */}
          <span className="bs-disabled-action">
            <Button type="primary" icon={actionIcon} disabled>
              {actionLabel}（{COMING_SOON}）
            </Button>
          </span>
        </Tooltip>
      ) : null}
      {children}
    </Empty>
  );
}
