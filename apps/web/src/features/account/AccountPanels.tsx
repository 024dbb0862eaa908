import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  Radio,
  Space,
  Statistic,
  Steps,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { AUTH_LIMITS, PHONE_PATTERN, formatTime, type UserInfo } from '@bid/shared';
import { Panel } from '../../components/PageFrame.tsx';
import { useSession } from '../../stores/session.ts';
import { useCountdown } from '../../utils/countdown.ts';
import { toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { accountApi, hashPassword } from './api.ts';

const ROLE_TEXT: Record<string, string> = {
  personal: '个人账号',
  company_admin: '企业管理员',
  employee: '企业员工',
};

const refreshUser = () => useSession.getState().loadUserInfo();

/** A "获取验证码" button with the 60 s resend countdown. `send` resolves when the code went out. */
export function SendCodeButton({ send, testId }: { send: () => Promise<unknown>; testId?: string }) {
  const countdown = useCountdown(AUTH_LIMITS.smsResendSeconds);
  const { busy, run } = useBusyAction();
  const onClick = () =>
    run('send', async () => {
      await send();
      countdown.start();
      toastSuccess('验证码已发送');
    });
  return (
    <Button
      onClick={() => void onClick()}
      loading={busy !== null}
      disabled={countdown.running}
      style={{ minWidth: 120 }}
      data-testid={testId}
    >
      {countdown.running ? `${countdown.remaining} 秒后重发` : '获取验证码'}
    </Button>
  );
}

const codeRules = [
  { required: true, message: '请输入验证码' },
  { pattern: /^\d{6}$/, message: '验证码为 6 位数字' },
];

export function ProfilePanel({ user }: { user: UserInfo }) {
  const [editing, setEditing] = useState(false);
  const { busy: saving, run } = useBusyAction();
  const company = user.isEmployee === 1;
  const save = ({ name }: { name: string }) =>
    run('save', async () => {
      await accountApi.updateUser(name.trim());
      await refreshUser();
      toastSuccess('资料已保存');
      setEditing(false);
    });
  return (
    <Panel title="基本信息">
      <Descriptions
        column={2}
        size="medium"
        items={[
          {
            key: 'account',
            label: '账号',
            children: <span data-testid="account-masked">{user.account}</span>,
          },
          {
            key: 'phone',
            label: '手机号',
            children: user.phone || <Typography.Text type="secondary">未绑定</Typography.Text>,
          },
          {
            key: 'name',
            label: '姓名',
            children: editing ? (
              <Form layout="inline" onFinish={save} initialValues={{ name: user.userName }}>
                <Form.Item
                  name="name"
                  rules={[
                    { required: true, whitespace: true, message: '请输入姓名' },
                    {
                      max: AUTH_LIMITS.nameMaxLength,
                      message: `姓名不能超过 ${AUTH_LIMITS.nameMaxLength} 个字符`,
                    },
                  ]}
                >
                  <Input placeholder="你的姓名" autoFocus style={{ width: 180 }} />
                </Form.Item>
                <Space>
                  <Button type="primary" htmlType="submit" loading={saving !== null}>
                    保存
                  </Button>
                  <Button onClick={() => setEditing(false)}>取消</Button>
                </Space>
              </Form>
            ) : (
              <Space>
                {user.userName || <Typography.Text type="secondary">未填写</Typography.Text>}
                <Button type="link" size="small" onClick={() => setEditing(true)}>
                  修改
                </Button>
              </Space>
            ),
          },
          {
            key: 'role',
            label: '账号类型',
            children: (
              <Space>
                <Tag color={company ? 'blue' : 'default'}>{ROLE_TEXT[user.role] ?? user.role}</Tag>
                {company ? <span>{user.name}</span> : null}
              </Space>
            ),
          },
          {
            key: 'invite',
            label: '邀请码',
            children: <Typography.Text copyable>{user.inviteCode}</Typography.Text>,
          },
          { key: 'wechat', label: '微信', children: user.hasWechat ? '已绑定' : '未绑定' },
        ]}
      />
    </Panel>
  );
}

export function QuotaPanel() {
  const q = useQuery({ queryKey: ['account', 'quota'], queryFn: () => accountApi.quota({ silent: true }) });
  const d = q.data;
  return (
    <Panel title={d?.owner === 'company' ? '标书额度（企业共用）' : '标书额度'}>
      {q.isError ? <Alert type="warning" showIcon title="额度暂时无法读取，请稍后刷新" /> : null}
      <div className="bs-grid-4" data-testid="quota-panel">
        <Statistic title="剩余合计" value={d?.total ?? '-'} suffix="份" data-testid="quota-total" />
        <Statistic title="购买额度" value={d?.bidNumber ?? '-'} suffix="份" />
        <Statistic title="每月额度" value={d?.monthBidNumber ?? '-'} suffix="份" />
        <Statistic
          title="体验额度"
          value={d?.temporaryBidNumber ?? '-'}
          suffix="份"
          data-testid="quota-temporary"
        />
        <Statistic title="赠送额度" value={d?.grantBidNumber ?? '-'} suffix="份" />
      </div>
      {d?.unlimited && d.unlimitedUntil ? (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title={`不限次数套餐有效期至 ${formatTime(d.unlimitedUntil, 'YYYY-MM-DD')}`}
        />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        新建一份标书消耗 1 份额度，依次使用每月、体验、赠送、购买额度。
      </Typography.Paragraph>
    </Panel>
  );
}

/** Change (or bind) the phone: prove the old phone with a code, then the new one with its own code. */
export function PhonePanel({ user }: { user: UserInfo }) {
  const hasPhone = Boolean(user.phone);
  const [step, setStep] = useState(hasPhone ? 0 : 1);
  const [ticket, setTicket] = useState<string | undefined>(undefined);
  const { busy, run } = useBusyAction();
  const [oldForm] = Form.useForm<{ code: string }>();
  const [newForm] = Form.useForm<{ phone: string; code: string }>();

  const verifyOld = ({ code }: { code: string }) =>
    run('verify', async () => {
      const t = await accountApi.validateMessage(code.trim(), 'change-phone');
      setTicket(t.ticket);
      setStep(1);
    });
  const change = ({ phone, code }: { phone: string; code: string }) =>
    run('change', async () => {
      await accountApi.updatePhone(phone.trim(), code.trim(), ticket);
      await refreshUser();
      toastSuccess(hasPhone ? '手机号已更换' : '手机号已绑定');
      newForm.resetFields();
      oldForm.resetFields();
      setTicket(undefined);
      setStep(0);
    });

  return (
    <Panel title={hasPhone ? '更换手机号' : '绑定手机号'}>
      {hasPhone ? (
        <Steps
          size="small"
          current={step}
          style={{ maxWidth: 420, marginBottom: 16 }}
          items={[{ title: '验证原手机号' }, { title: '绑定新手机号' }]}
        />
      ) : null}
      {step === 0 && hasPhone ? (
        <Form form={oldForm} layout="inline" onFinish={verifyOld}>
          <Form.Item label="原手机号">{user.phone}</Form.Item>
          <Form.Item name="code" rules={codeRules}>
            <Input placeholder="验证码" maxLength={6} style={{ width: 120 }} inputMode="numeric" />
          </Form.Item>
          <Form.Item>
            <SendCodeButton send={() => accountApi.sendOwnCode('change-phone')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy !== null}>
            下一步
          </Button>
        </Form>
      ) : (
        <Form form={newForm} layout="inline" onFinish={change}>
          <Form.Item
            name="phone"
            rules={[
              { required: true, message: '请输入新手机号' },
              { pattern: PHONE_PATTERN, message: '手机号格式不正确' },
            ]}
          >
            <Input placeholder="新手机号" maxLength={11} style={{ width: 160 }} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="code" rules={codeRules}>
            <Input placeholder="验证码" maxLength={6} style={{ width: 120 }} inputMode="numeric" />
          </Form.Item>
          <Form.Item>
            <SendCodeButton
              send={async () => {
                const { phone } = await newForm.validateFields(['phone']);
                return accountApi.sendPhoneCode(phone.trim());
              }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy !== null}>
            {hasPhone ? '确认更换' : '绑定'}
          </Button>
        </Form>
      )}
    </Panel>
  );
}

/** Set a password by SMS code, or change it with the old password. */
export function PasswordPanel({ user }: { user: UserInfo }) {
  const [mode, setMode] = useState<'old' | 'sms'>(user.hasPassword ? 'old' : 'sms');
  const { busy, run } = useBusyAction();
  const [form] = Form.useForm<{ oldPassword?: string; code?: string; password: string; confirm: string }>();

  const submit = (v: { oldPassword?: string; code?: string; password: string }) =>
    run('submit', async () => {
      await accountApi.updatePassword({
        newPassword: hashPassword(v.password),
        ...(mode === 'old' ? { oldPassword: hashPassword(v.oldPassword ?? '') } : { code: v.code?.trim() }),
      });
      await refreshUser();
      form.resetFields();
      toastSuccess(user.hasPassword ? '密码已修改，其他设备需重新登录' : '密码已设置');
    });

  return (
    <Panel title={user.hasPassword ? '修改密码' : '设置密码'}>
      {user.hasPassword ? (
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value as 'old' | 'sms')}
          style={{ marginBottom: 16 }}
        >
          <Radio.Button value="old">用原密码</Radio.Button>
          <Radio.Button value="sms" disabled={!user.phone}>
            用短信验证码
          </Radio.Button>
        </Radio.Group>
      ) : null}
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 360 }} requiredMark={false}>
        {mode === 'old' ? (
          <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        ) : (
          <Form.Item label={`验证码（发送到 ${user.phone || '未绑定的手机号'}）`} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={codeRules}>
                <Input placeholder="验证码" maxLength={6} inputMode="numeric" />
              </Form.Item>
              <SendCodeButton send={() => accountApi.sendOwnCode('change-password')} />
            </Space.Compact>
          </Form.Item>
        )}
        <Form.Item
          name="password"
          label="新密码"
          rules={[
            { required: true, message: '请输入新密码' },
            { min: AUTH_LIMITS.passwordMinLength, message: `密码至少 ${AUTH_LIMITS.passwordMinLength} 位` },
            {
              max: AUTH_LIMITS.passwordMaxLength,
              message: `密码不能超过 ${AUTH_LIMITS.passwordMaxLength} 位`,
            },
            { pattern: /^(?=.*[A-Za-z])(?=.*\d).+$/, message: '密码须同时包含字母和数字' },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={busy !== null}
          disabled={mode === 'sms' && !user.phone}
        >
          {user.hasPassword ? '修改密码' : '设置密码'}
        </Button>
      </Form>
    </Panel>
  );
}

/** Display preferences and the default model tier (standard-update). */
export function PreferencePanel({ user }: { user: UserInfo }) {
  const { busy, run } = useBusyAction();
  const update = (body: Parameters<typeof accountApi.standardUpdate>[0]) =>
    run('update', async () => {
      await accountApi.standardUpdate(body);
      await refreshUser();
      toastSuccess('设置已保存');
    });
  const premiumOff = user.modelData.premium_status === 1;
  const standardOff = user.modelData.standard_status === 1;
  return (
    <Panel title="偏好设置">
      <Space orientation="vertical" size="middle">
        <Space>
          <Switch
            checked={user.bidFileShowFlag === 1}
            loading={busy !== null}
            onChange={(v) => void update({ bidFileShowFlag: v ? 1 : 0 })}
          />
          <span>在工作台显示标书文件</span>
        </Space>
        <Space>
          <Switch
            checked={user.projectListShowFlag === 1}
            loading={busy !== null}
            onChange={(v) => void update({ projectListShowFlag: v ? 1 : 0 })}
          />
          <span>在工作台显示项目列表</span>
        </Space>
        <Space>
          <span>新建标书默认模型：</span>
          <Radio.Group
            value={user.preferredModel ?? 'standard'}
            onChange={(e) => void update({ preferredModel: e.target.value as 'standard' | 'premium' })}
            disabled={busy !== null}
          >
            <Radio value="standard" disabled={standardOff}>
              标准模型
            </Radio>
            <Radio value="premium" disabled={premiumOff}>
              高级模型{premiumOff ? '（未开通）' : ''}
            </Radio>
          </Radio.Group>
        </Space>
      </Space>
    </Panel>
  );
}
