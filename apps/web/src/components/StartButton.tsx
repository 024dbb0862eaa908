import type { ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../stores/session.ts';
import { LoginEntry } from './LoginEntry.tsx';

/** Call to action of the public pages: logged in it goes to `to`, otherwise it opens the login dialog. */
export function StartButton({
  to = '/home/crtBidBook',
  children,
  ...props
}: ButtonProps & { to?: string; children: ReactNode }) {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  if (token) {
    return (
      <Button {...props} onClick={() => navigate(to)}>
        {children}
      </Button>
    );
  }
  return <LoginEntry {...props}>{children}</LoginEntry>;
}
