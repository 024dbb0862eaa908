import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Spin, Tabs, Typography } from 'antd';
import {
  LockOutlined,
  MobileOutlined,
  ReloadOutlined,
  SafetyOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { AUTH_LIMITS, PHONE_PATTERN, type TokenSuccess, type WechatQr, type WechatState } from '@bid/shared';
import { isApiError } from '../../api/errors.ts';
import { useCountdown } from '../../utils/countdown.ts';
import { toastSuccess } from '../../utils/feedback.ts';
import { accountApi, hashPassword, requestToken, type LoginParams } from './api.ts';
import { useLoginSuccess } from './useLoginSuccess.ts';

export type LoginTab = 'sms' | 'password' | 'wechat';

export interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
  defaultTab?: LoginTab;
}

/** How often the WeChat tab asks whether the QR code was scanned. */
export const WECHAT_POLL_MS = 2_000;

const SIGNUP_KEY = 'bs_signup_params';

/**
 * Invitation and promotion codes arrive in the landing URL (`?invitation_code=` / `?inviteCode=`,
 * `?extension_code=`, `?regist_source=`); they are kept for the tab until the first login.
 */
export function signupParams(
  search: string = typeof window === 'undefined' ? '' : window.location.search,
): Partial<LoginParams> {
  const q = new URLSearchParams(search);
  const fromUrl: Partial<LoginParams> = {
    invitation_code: q.get('invitation_code') ?? q.get('inviteCode') ?? q.get('invite') ?? undefined,
    extension_code: q.get('extension_code') ?? q.get('ext') ?? undefined,
    regist_source: q.get('regist_source') ?? q.get('utm_source') ?? undefined,
  };
  const clean = Object.fromEntries(
    Object.entries(fromUrl).filter(([, v]) => typeof v === 'string' && v.length > 0 && v.length <= 32),
  ) as Partial<LoginParams>;
  try {
    if (Object.keys(clean).length) sessionStorage.setItem(SIGNUP_KEY, JSON.stringify(clean));
    else return JSON.parse(sessionStorage.getItem(SIGNUP_KEY) ?? '{}') as Partial<LoginParams>;
  } catch {
    /* storage off: the URL is all there is */
  }
  return clean;
}

function errorText(err: unknown): string {
  if (isApiError(err)) return err.message;
  return '登录失败，请稍后再试';
}

const phoneRules = [
  { required: true, message: '请输入手机号' },
  { pattern: PHONE_PATTERN, message: '手机号格式不正确' },
];

interface PaneProps {
  onSuccess: (answer: TokenSuccess) => Promise<void>;
}

/** 短信登录: phone + code; an unknown phone is registered on first login. */
function SmsLoginPane({ onSuccess }: PaneProps) {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const countdown = useCountdown(AUTH_LIMITS.smsResendSeconds);

  const send = async () => {
    setError(null);
    let phone: string;
    try {
      ({ phone } = await form.validateFields(['phone']));
    } catch {
      return;
    }
    setSending(true);
    try {
      await accountApi.sendLoginCode(phone.trim(), { silent: true });
      countdown.start();
      toastSuccess('验证码已发送');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSending(false);
    }
  };

  const submit = async ({ phone, code }: { phone: string; code: string }) => {
    setError(null);
    setSubmitting(true);
    try {
      const answer = await requestToken(
        { grant_type: 'sms_code', username: phone.trim(), code: code.trim(), ...signupParams() },
        undefined,
        { silent: true },
      );
      await onSuccess(answer);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="sms-login-form">
      <Form.Item name="phone" rules={phoneRules}>
        <Input
          size="large"
          prefix={<MobileOutlined />}
          placeholder="请输入手机号"
          maxLength={11}
          autoComplete="tel"
          inputMode="numeric"
        />
      </Form.Item>
      <Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: '请输入验证码' },
              { pattern: /^\d{6}$/, message: '验证码为 6 位数字' },
            ]}
          >
            <Input
              size="large"
              prefix={<SafetyOutlined />}
              placeholder="请输入验证码"
              maxLength={6}
              autoComplete="one-time-code"
              inputMode="numeric"
            />
          </Form.Item>
          <Button
            size="large"
            onClick={send}
            loading={sending}
            disabled={countdown.running}
            style={{ minWidth: 120 }}
            data-testid="send-code"
          >
            {countdown.running ? `${countdown.remaining} 秒后重发` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />
      ) : null}
      <Button type="primary" size="large" htmlType="submit" block loading={submitting}>
        登录 / 注册
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        未注册的手机号验证后自动创建账号，并赠送体验额度。
      </Typography.Paragraph>
    </Form>
  );
}

/** 密码登录: phone or account + password (sent as MD5) + image captcha (single use: renewed after each try). */
function PasswordLoginPane({ onSuccess }: PaneProps) {
  const [form] = Form.useForm<{ username: string; password: string; captcha: string }>();
  const [captcha, setCaptcha] = useState<{ key: string; image: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const c = await accountApi.captcha({ silent: true });
      setCaptcha({ key: c.key, image: c.image });
    } catch {
      setCaptcha(null);
    }
    form.setFieldValue('captcha', '');
  }, [form]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const submit = async (v: { username: string; password: string; captcha: string }) => {
    setError(null);
    if (!captcha) {
      setError('图形验证码加载失败，请点击图片刷新');
      return;
    }
    setSubmitting(true);
    try {
      const answer = await requestToken(
        { grant_type: 'client_password', username: v.username.trim(), password: hashPassword(v.password) },
        { key: captcha.key, code: v.captcha.trim() },
        { silent: true },
      );
      await onSuccess(answer);
    } catch (err) {
      setError(errorText(err));
      await refresh();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      data-testid="password-login-form"
    >
      <Form.Item
        name="username"
        rules={[
          { required: true, message: '请输入手机号或账号' },
          { max: AUTH_LIMITS.usernameMaxLength, message: '账号过长' },
        ]}
      >
        <Input size="large" prefix={<UserOutlined />} placeholder="手机号 / 账号" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          autoComplete="current-password"
          maxLength={AUTH_LIMITS.passwordMaxLength}
        />
      </Form.Item>
      <Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="captcha" noStyle rules={[{ required: true, message: '请输入图形验证码' }]}>
            <Input
              size="large"
              prefix={<SafetyOutlined />}
              placeholder="图形验证码"
              maxLength={8}
              autoComplete="off"
            />
          </Form.Item>
          <button
            type="button"
            onClick={() => void refresh()}
            title="看不清？换一张"
            aria-label="刷新图形验证码"
            style={{
              border: '1px solid #d9d9d9',
              borderLeft: 'none',
              padding: 0,
              background: '#fff',
              cursor: 'pointer',
              width: 122,
              height: 40,
            }}
          >
            {captcha ? (
              <img
                src={captcha.image}
                alt="图形验证码"
                data-testid="captcha-image"
                style={{ width: 120, height: 38, display: 'block' }}
              />
            ) : (
              <ReloadOutlined />
            )}
          </button>
        </Space.Compact>
      </Form.Item>
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />
      ) : null}
      <Button type="primary" size="large" htmlType="submit" block loading={submitting}>
        登录
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        还没有密码？用短信登录后在“个人中心”设置。
      </Typography.Paragraph>
    </Form>
  );
}

const STATE_TEXT: Record<WechatState, string> = {
  waiting: '请使用微信扫描二维码登录',
  scanned: '已扫码，请在手机上确认登录',
  confirmed: '已确认，正在登录…',
  expired: '二维码已过期',
};

/** 微信登录: a QR code from getWechatQrCode, then getUserState every 2 s until confirmed. */
function WechatLoginPane({ onSuccess, active }: PaneProps & { active: boolean }) {
  const [qr, setQr] = useState<WechatQr | null>(null);
  const [state, setState] = useState<WechatState>('waiting');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const finishing = useRef(false);

  const start = useCallback(async () => {
    setError(null);
    setLoading(true);
    finishing.current = false;
    try {
      setQr(await accountApi.wechatQr({ silent: true }));
      setState('waiting');
    } catch (err) {
      setQr(null);
      setError(errorText(err));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (active) void start();
    else setQr(null);
  }, [active, start]);

  useEffect(() => {
    if (!active || !qr) return;
    let stopped = false;
    const tick = async () => {
      if (stopped || finishing.current) return;
      let next: WechatState;
      try {
        next = (await accountApi.wechatState(qr.code, { silent: true })).state;
      } catch {
        return; // A missed poll is retried on the next tick.
      }
      if (stopped) return;
      setState(next);
      if (next === 'confirmed' && !finishing.current) {
        finishing.current = true;
        try {
          await onSuccess(
            await requestToken({ grant_type: 'social', code: qr.code, ...signupParams() }, undefined, {
              silent: true,
            }),
          );
        } catch (err) {
          setError(errorText(err));
          setState('expired');
        }
      }
    };
    const timer = setInterval(() => void tick(), WECHAT_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active, qr, onSuccess]);

  const simulate = async () => {
    if (!qr) return;
    try {
      await accountApi.devWechatConfirm(qr.code, `dev-${qr.code.slice(0, 12)}`, '开发者');
    } catch {
      /* the request layer showed it */
    }
  };

  return (
    <div style={{ textAlign: 'center' }} data-testid="wechat-login">
      <div style={{ position: 'relative', width: 200, height: 200, margin: '8px auto 12px' }}>
        {qr ? (
          <img src={qr.qrUrl} alt="微信登录二维码" width={200} height={200} data-testid="wechat-qr" />
        ) : (
          <Spin spinning={loading} style={{ lineHeight: '200px' }} />
        )}
        {state === 'expired' ? (
          <div
            style={{
              position: 'absolute',
              inset: 0,
              background: 'rgba(255,255,255,.92)',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 8,
            }}
          >
            <span>二维码已过期</span>
            <Button icon={<ReloadOutlined />} onClick={() => void start()}>
              刷新二维码
            </Button>
          </div>
        ) : null}
      </div>
      <Typography.Paragraph data-testid="wechat-state">
        <WechatOutlined style={{ color: '#07c160' }} /> {STATE_TEXT[state]}
      </Typography.Paragraph>
      {qr?.provider === 'simulator' ? (
        <Alert
          type="info"
          showIcon
          style={{ textAlign: 'left' }}
          title="开发环境：微信登录模拟器"
          description={
            <div>
              <div>
                扫码编号：
                <Typography.Text code copyable data-testid="wechat-scene-code">
                  {qr.code}
                </Typography.Text>
              </div>
              <div style={{ margin: '6px 0' }}>
                用 <Typography.Text code>POST /api/dev/wechat/confirm</Typography.Text>
                （code、openid、nickname）确认，或点击：
              </div>
              <Button size="small" onClick={() => void simulate()}>
                模拟扫码确认
              </Button>
            </div>
          }
        />
      ) : null}
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} data-testid="login-error" />
      ) : null}
    </div>
  );
}

/** The login dialog of the header (SPEC sections 4 and 7): 短信登录, 密码登录, 微信登录. */
export function LoginDialog({ open, onClose, defaultTab = 'sms' }: LoginDialogProps) {
  const [tab, setTab] = useState<LoginTab>(defaultTab);
  const onSuccess = useLoginSuccess(onClose);
  useEffect(() => {
    if (open) setTab(defaultTab);
  }, [open, defaultTab]);

  return (
    <Modal open={open} title="登录标书 AI" footer={null} onCancel={onClose} destroyOnHidden width={440}>
      <div data-testid="login-dialog">
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as LoginTab)}
          centered
          items={[
            { key: 'sms', label: '短信登录', children: <SmsLoginPane onSuccess={onSuccess} /> },
            { key: 'password', label: '密码登录', children: <PasswordLoginPane onSuccess={onSuccess} /> },
            {
              key: 'wechat',
              label: '微信登录',
              children: <WechatLoginPane onSuccess={onSuccess} active={open && tab === 'wechat'} />,
            },
          ]}
        />
      </div>
    </Modal>
  );
}
