import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import type { LoginTab } from '../features/account/LoginDialog.tsx';
import { LazyLoginDialog } from '../features/account/LazyLoginDialog.tsx';

/**
 * The header's 登录 button: opens the login dialog (SMS code, password, WeChat). On success the
 * dialog stores the token, loads the user and goes to consumeLoginRedirect() (else /home).
 */
export function LoginEntry({
  children = '登录',
  defaultTab,
  ...buttonProps
}: ButtonProps & { children?: ReactNode; defaultTab?: LoginTab }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first click on (and kept, so closing can animate).
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        {...buttonProps}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {used ? <LazyLoginDialog open={open} onClose={() => setOpen(false)} defaultTab={defaultTab} /> : null}
    </>
  );
}
