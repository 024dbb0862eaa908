import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { TokenSuccess } from '@bid/shared';
import { useSession } from '../../stores/session.ts';
import { consumeLoginRedirect } from '../../router/loginRedirect.ts';
import { toastSuccess } from '../../utils/feedback.ts';

/**
 * SPEC section 4: a successful token answer stores the token, then user info is loaded; the user
 * then goes to the remembered login_redirect path, else /home.
 */
export function useLoginSuccess(onDone?: () => void) {
  const navigate = useNavigate();
  return useCallback(
    async (answer: TokenSuccess) => {
      const session = useSession.getState();
      session.setToken(answer.access_token);
      await session.loadUserInfo();
      onDone?.();
      toastSuccess(answer.new_user ? '注册成功，已为你开通体验额度' : '登录成功');
      navigate(consumeLoginRedirect(), { replace: true });
    },
    [navigate, onDone],
  );
}
