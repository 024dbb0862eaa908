import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { InternalAxiosRequestConfig } from 'axios';
import { LOGIN_REDIRECT_KEY, SESSION_COOKIE } from '@bid/shared';
import { installFakeHttp, ok, recordFeedback, type FakeReply } from '../../api/testkit.ts';
import { duplicateGuard } from '../../api/request.ts';
import { useSession } from '../../stores/session.ts';
import { LoginDialog } from './LoginDialog.tsx';

const path = (c: InternalAxiosRequestConfig) => (c.url ?? '').replace(/^\/api/, '');
const header = (c: InternalAxiosRequestConfig, name: string) => {
  const h = c.headers as unknown as { get?: (n: string) => unknown } & Record<string, unknown>;
  return String((typeof h.get === 'function' ? h.get(name) : undefined) ?? h[name] ?? '');
};
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

const USER = { id: 'u1', account: '138****0000', tenantId: 't1', temporaryBidNumber: 1 };
const TOKEN: FakeReply = {
  data: {
    success: true,
    access_token: 'tok-1',
    token_type: 'bearer',
    expires_in: 604800,
    user_id: 'u1',
    account: '138****0000',
    new_user: true,
  },
};

let http: ReturnType<typeof installFakeHttp>;
let feedback: ReturnType<typeof recordFeedback>;
let tokenReply: FakeReply;

beforeEach(() => {
  feedback = recordFeedback();
  tokenReply = TOKEN;
  duplicateGuard.clear();
  useSession.getState().reset();
  sessionStorage.clear();
  http = installFakeHttp((c) => {
    const p = path(c);
    if (p === '/blade-system/client/send-validate-not-auth') return ok(null);
    if (p === '/blade-auth/oauth/token') {
      // As the server does: a successful login sets the HttpOnly token cookie (invisible here) and
      // the readable session marker.
      if (tokenReply === TOKEN) document.cookie = `${SESSION_COOKIE}=marker-1; path=/`;
      return tokenReply;
    }
    if (p === '/blade-system/client/get-userInfo') return ok(USER);
    if (p === '/system/commonClient/getImage')
      return ok({
        key: `k${http.calls.filter((x) => path(x) === p).length}`,
        image: 'data:image/svg+xml;base64,PHN2Zy8+',
        expiresIn: 300,
      });
    return { status: 404, data: { code: 404, success: false, msg: 'not found', data: null } };
  });
});

afterEach(() => {
  cleanup();
  document.cookie = `${SESSION_COOKIE}=; path=/; max-age=0`;
  http.restore();
  feedback.undo();
});

function renderDialog() {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginDialog open onClose={onClose} /> },
      { path: '/home/account', element: <p>account page</p> },
      { path: '/home', element: <p>workbench</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onClose };
}

const input = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) =>
  fireEvent.change(input(placeholder), { target: { value } });

// antd forms in jsdom are slow on a busy machine.
describe('LoginDialog', { timeout: 30_000 }, () => {
  it('SMS: validates the phone, sends the code, counts down, logs in with a form body and goes to login_redirect', async () => {
    sessionStorage.setItem(LOGIN_REDIRECT_KEY, '/home/account');
    const { router, onClose } = renderDialog();

    type('请输入手机号', '1234');
    fireEvent.click(screen.getByTestId('send-code'));
    await screen.findByText('手机号格式不正确');
    expect(http.calls.filter((c) => path(c) === '/blade-system/client/send-validate-not-auth')).toHaveLength(
      0,
    );

    type('请输入手机号', '13800000000');
    fireEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toMatch(/^\d+ 秒后重发$/));
    const send = http.calls.find((c) => path(c) === '/blade-system/client/send-validate-not-auth')!;
    expect(JSON.parse(String(send.data))).toEqual({ phone: '13800000000' });

    type('请输入验证码', '123456');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('sms-login-form'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/account'));

    const call = http.calls.find((c) => path(c) === '/blade-auth/oauth/token')!;
    expect(header(call, 'Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(header(call, 'Tenant-Id')).toBe('000000');
    const form = Object.fromEntries(new URLSearchParams(String(call.data)));
    expect(form).toEqual({ source: 'pc', grant_type: 'sms_code', username: '13800000000', code: '123456' });
    // The app keeps the marker, never the answer's token (nor writes it to a cookie).
    expect(useSession.getState().token).toBe('marker-1');
    expect(document.cookie).not.toContain('tok-1');
    expect(useSession.getState().user?.account).toBe('138****0000');
    expect(onClose).toHaveBeenCalled();
    expect(sessionStorage.getItem(LOGIN_REDIRECT_KEY)).toBeNull();
  });

  it('SMS: a refused code is shown in the dialog and nothing is stored', async () => {
    tokenReply = {
      status: 400,
      data: { success: false, error_code: 400, error_description: '验证码错误，还可尝试 4 次' },
    };
    const { router } = renderDialog();
    type('请输入手机号', '13800000000');
    type('请输入验证码', '000000');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('sms-login-form'));
    });
    expect((await screen.findByTestId('login-error')).textContent).toContain('验证码错误，还可尝试 4 次');
    expect(useSession.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('password: sends the MD5, never the password, with the captcha headers; a failure renews the captcha', async () => {
    tokenReply = {
      status: 400,
      data: { success: false, error_code: 400, error_description: '图形验证码错误或已过期，请刷新后重试' },
    };
    const { router } = renderDialog();
    fireEvent.click(screen.getByText('密码登录'));
    await screen.findByTestId('captcha-image');
    type('手机号 / 账号', '13800000000');
    type('请输入密码', 'Secret-pass-1');
    type('图形验证码', 'ab12');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('password-login-form'));
    });
    expect((await screen.findByTestId('login-error')).textContent).toContain('图形验证码错误或已过期');

    const call = http.calls.find((c) => path(c) === '/blade-auth/oauth/token')!;
    const form = Object.fromEntries(new URLSearchParams(String(call.data)));
    expect(form).toMatchObject({
      grant_type: 'client_password',
      username: '13800000000',
      password: md5('Secret-pass-1'),
    });
    expect(String(call.data)).not.toContain('Secret-pass-1');
    expect(header(call, 'Captcha-Key')).toBe('k1');
    expect(header(call, 'Captcha-Code')).toBe('ab12');
    await waitFor(() =>
      expect(
        http.calls.filter((c) => path(c) === '/system/commonClient/getImage').length,
      ).toBeGreaterThanOrEqual(2),
    );
    await waitFor(() => expect(input('图形验证码').value).toBe(''));

    // The second try uses the new captcha and logs in.
    tokenReply = TOKEN;
    type('图形验证码', 'cd34');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('password-login-form'));
    });
    await waitFor(() => expect(useSession.getState().token).toBe('marker-1'));
    const second = http.calls.filter((c) => path(c) === '/blade-auth/oauth/token')[1];
    expect(header(second, 'Captcha-Key')).toBe('k2');
    // Nothing remembered: the workbench, not the landing page the dialog was opened on.
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
