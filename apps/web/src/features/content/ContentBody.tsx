import { Button, Result, Skeleton } from 'antd';

/**
 * The body of a help article, FAQ answer or news item: HTML the server rendered from Markdown with
 * the one safe renderer (raw HTML in the Markdown arrives escaped, links are checked), so it can be
 * inserted as is. While loading, a skeleton; on a failed load, a retry.
 */
export function ContentBody({
  html,
  failed,
  retry,
}: {
  html: string | undefined;
  failed?: boolean;
  retry?: () => void;
}) {
  if (html !== undefined) return <div className="bs-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
  if (failed) {
    return (
      <Result
        status="warning"
        title="内容加载失败"
        subTitle="请检查网络后重试。"
        extra={
          <Button type="primary" onClick={retry}>
            重试
          </Button>
        }
      />
    );
  }
  return <Skeleton active paragraph={{ rows: 5 }} />;
}
