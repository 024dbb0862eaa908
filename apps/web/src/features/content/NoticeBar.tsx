import { Alert, Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '@bid/shared';
import { accountApi } from '../account/api.ts';

const LEVELS = ['success', 'info', 'warning', 'error'] as const;

/**
 * The notices operators publish in /admin/notices, in the /home frame above every screen: the banner
 * and the newest release notes, each until the user closes it (not a modal dialog: it must never stand
 * between the user and the screen they came for). Closing is recorded on the server
 * (closeUserNotice), so a closed notice stays closed on every device. Shares its queries with the
 * account page's notice panel.
 */
export function NoticeBar() {
  const qc = useQueryClient();
  const head = useQuery({
    queryKey: ['account', 'headNotice'],
    queryFn: () => accountApi.headNotice({ silent: true }),
  });
  const update = useQuery({
    queryKey: ['account', 'updateNotice'],
    queryFn: () => accountApi.updateNotice({ silent: true }),
  });
  const close = async (id: string) => {
    try {
      await accountApi.closeNotice(id);
    } finally {
      await qc.invalidateQueries({ queryKey: ['account'] });
    }
  };
  const banner = head.data;
  const notes = update.data;
  return (
    <>
      {banner ? (
        <Alert
          className="bs-notice-bar"
          data-testid="head-notice"
          banner
          type={LEVELS.find((l) => l === banner.level) ?? 'info'}
          showIcon
          title={
            <span>
              <strong style={{ marginRight: 12 }}>{banner.title}</strong>
              {banner.content}
              {banner.link ? (
                <>
                  {' '}
                  <a href={banner.link}>查看详情</a>
                </>
              ) : null}
            </span>
          }
          closable={{ 'aria-label': '关闭公告', onClose: () => void close(banner.id) }}
        />
      ) : null}
      {notes ? (
        <Alert
          className="bs-notice-bar"
          data-testid="update-notice"
          type="info"
          showIcon
          title={`${notes.title}${notes.version ? `（${notes.version}）` : ''} · ${formatTime(notes.publishedAt, 'YYYY-MM-DD')}`}
          description={<div style={{ whiteSpace: 'pre-line' }}>{notes.content}</div>}
          action={
            <Button size="small" onClick={() => void close(notes.id)}>
              知道了
            </Button>
          }
        />
      ) : null}
    </>
  );
}
