import { Alert, Button, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime, type MyEmployeeInvitation } from '@bid/shared';
import { useSession } from '../../stores/session.ts';
import { confirmDialog, toastSuccess } from '../../utils/feedback.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { accountApi } from './api.ts';

/**
 * Invitations to join a company account, shown to the invited person after login: nothing about
 * their account changes until they accept here.
 */
export function InvitationNotice() {
  const user = useSession((s) => s.user);
  const loadUserInfo = useSession((s) => s.loadUserInfo);
  const qc = useQueryClient();
  const { busy, run } = useBusyAction();
  const list = useQuery({
    queryKey: ['account', 'invitations'],
    queryFn: () => accountApi.myInvitations({ silent: true }),
    enabled: Boolean(user),
  });
  const invitations = list.data ?? [];
  if (!invitations.length) return null;

  const answer = (inv: MyEmployeeInvitation, accept: boolean) =>
    run(inv.id, async () => {
      if (accept) {
        const ok = await confirmDialog({
          title: `加入「${inv.companyName}」`,
          content:
            '加入后您将使用企业的标书额度，新建的标书归企业所有；被企业移除后恢复为个人账号，个人数据保留。',
          okText: '加入企业',
        });
        if (!ok) return;
      }
      await accountApi.answerInvitation({ id: inv.id, accept });
      toastSuccess(accept ? `已加入「${inv.companyName}」` : '已拒绝邀请');
      await qc.invalidateQueries({ queryKey: ['account'] });
      if (accept) await loadUserInfo();
    });

  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }} data-testid="invitation-notice">
      {invitations.map((inv) => (
        <Alert
          key={inv.id}
          type="info"
          showIcon
          title={`「${inv.companyName}」邀请您加入企业账号`}
          description={`${inv.inviterName ? `邀请人：${inv.inviterName}，` : ''}${formatTime(inv.createTime, 'YYYY-MM-DD HH:mm')} 发出。接受后您的账号加入该企业。`}
          action={
            <Space>
              <Button
                type="primary"
                size="small"
                loading={busy === inv.id}
                disabled={busy !== null && busy !== inv.id}
                onClick={() => void answer(inv, true)}
              >
                接受
              </Button>
              <Button size="small" disabled={busy !== null} onClick={() => void answer(inv, false)}>
                拒绝
              </Button>
            </Space>
          }
        />
      ))}
    </Space>
  );
}
