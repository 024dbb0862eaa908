import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SESSION_COOKIE, type TokenSuccess } from '@bid/shared';
import { useSession } from '../../stores/session.ts';
import { consumeLoginRedirect } from '../../router/loginRedirect.ts';
import { toastSuccess } from '../../utils/feedback.ts';
import { readCookie } from '../../utils/cookie.ts';

/**
 * SPEC section 4: a successful token answer signs the app in, then user info is loaded; the user
 * then goes to the remembered login_redirect path, else /home.
 */
export function useLoginSuccess(onDone?: () => void) {
  const navigate = useNavigate();
  return useCallback(
    async (answer: TokenSuccess) => {
      const session = useSession.getState();
      // The answer's token is for API clients: the browser already holds it in the HttpOnly cookie
      // the same answer set, and the app keeps only the readable marker set beside it.
      session.setToken(readCookie(SESSION_COOKIE) ?? `user-${answer.user_id}`);
      await session.loadUserInfo();
      onDone?.();
      toastSuccess(answer.new_user ? '注册成功，已为你开通体验额度' : '登录成功');
      navigate(consumeLoginRedirect(), { replace: true });
    },
    [navigate, onDone],
  );
}
