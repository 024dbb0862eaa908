import { lazy, Suspense, type ComponentProps } from 'react';
import type { LoginDialog as LoginDialogType } from './LoginDialog.tsx';

const LoginDialog = lazy(() => import('./LoginDialog.tsx').then((m) => ({ default: m.LoginDialog })));

/**
 * The login dialog, loaded when it first opens: its forms, tabs and WeChat polling are not part of
 * the public pages' first load (issue 18: landing page JavaScript budget).
 */
export function LazyLoginDialog(props: ComponentProps<typeof LoginDialogType>) {
  return (
    <Suspense fallback={null}>
      <LoginDialog {...props} />
    </Suspense>
  );
}
