import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { LoginDialog, type LoginTab } from '../features/account/LoginDialog.tsx';

/**
 * The header's 登录 button: opens the login dialog (SMS code, password, WeChat). On success the
 * dialog stores the token, loads the user and goes to consumeLoginRedirect() (else `/`).
 */
export function LoginEntry({
  children = '登录',
  defaultTab,
  ...buttonProps
}: ButtonProps & { children?: ReactNode; defaultTab?: LoginTab }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...buttonProps} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <LoginDialog open={open} onClose={() => setOpen(false)} defaultTab={defaultTab} />
    </>
  );
}
