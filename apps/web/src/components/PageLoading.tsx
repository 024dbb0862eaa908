import { Spin } from 'antd';

export function PageLoading({ tip = '页面加载中…' }: { tip?: string }) {
  return (
    <div className="bs-page-loading" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="bs-page-loading__tip">{tip}</span>
    </div>
  );
}
