import { Button } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { pageNotFoundMessage } from '@bid/shared';
import { usePageTitle } from '../../router/title.ts';
import { NOT_FOUND_TITLE } from '../../router/table.ts';

/** The catch-all screen and the 404 error view: shows `Page Not Found: {pathname+search+hash}`. */
export default function NotFoundPage() {
  const location = useLocation();
  const navigate = useNavigate();
  usePageTitle(NOT_FOUND_TITLE);
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  return (
    <div className="bs-error-page" data-testid="not-found">
      <div className="bs-error-page__code" aria-hidden="true">
        404
      </div>
      <h1 className="bs-error-page__title">页面不存在</h1>
      <p className="bs-error-page__message">{pageNotFoundMessage(fullPath)}</p>
      <p className="bs-error-page__hint">您访问的页面可能已被删除、改名，或链接有误。</p>
      <div className="bs-error-page__actions">
        <Button type="primary" size="large" icon={<HomeOutlined />} onClick={() => navigate('/')}>
          返回首页
        </Button>
        <Button size="large" onClick={() => navigate('/more/website-map.html')}>
          查看网站地图
        </Button>
      </div>
    </div>
  );
}
