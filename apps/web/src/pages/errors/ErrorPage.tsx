import { Button, Typography } from 'antd';
import { HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { usePageTitle } from '../../router/title.ts';
import { ERROR_TITLE } from '../../router/table.ts';
import { errorMessage, isChunkLoadError } from '../../router/errors.ts';

/**
 * The generic error page. It must work even when the router itself failed, so it navigates with plain
 * location changes instead of router hooks.
 */
export default function ErrorPage({ error }: { error?: unknown }) {
  usePageTitle(ERROR_TITLE);
  const stale = isChunkLoadError(error);
  const detail = errorMessage(error);
  return (
    <div className="bs-error-page" data-testid="error-page" role="alert">
      <div className="bs-error-page__code bs-error-page__code--warn" aria-hidden="true">
        !
      </div>
      <h1 className="bs-error-page__title">{ERROR_TITLE}</h1>
      <p className="bs-error-page__hint">
        {stale
          ? '系统刚刚完成了升级，请刷新页面加载最新版本。'
          : '抱歉，页面出现了意外错误。您的数据不会因此丢失，请刷新重试；如果问题持续出现，请联系左下角的客服。'}
      </p>
      {detail && !stale ? (
        <Typography.Text type="secondary" className="bs-error-page__detail">
          错误信息：{detail}
        </Typography.Text>
      ) : null}
      <div className="bs-error-page__actions">
        <Button
          type="primary"
          size="large"
          icon={<ReloadOutlined />}
          onClick={() => window.location.reload()}
        >
          刷新页面
        </Button>
        <Button size="large" icon={<HomeOutlined />} onClick={() => window.location.assign('/')}>
          返回首页
        </Button>
      </div>
    </div>
  );
}
