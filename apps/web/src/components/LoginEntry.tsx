import { useState, type ReactNode } from 'react';
import { Button, Modal, type ButtonProps } from 'antd';

/**
 * The header's 登录 button. The accounts work replaces this file with the real login dialog (SMS code,
 * password, WeChat), which on success calls consumeLoginRedirect() from src/router/loginRedirect.ts.
 */
export function LoginEntry({ children = '登录', ...buttonProps }: ButtonProps & { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...buttonProps} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Modal open={open} title="登录标书 AI" footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <p>登录功能即将上线</p>
      </Modal>
    </>
  );
}
