import { useState } from 'react';
import { Button, Result, Typography } from 'antd';
import { MSG } from '@bid/shared';

/** Full-page notice shown instead of the app inside the Windows WeChat browser. */
export function WechatNotice() {
  const [copied, setCopied] = useState(false);
  const url = typeof window !== 'undefined' ? window.location.href : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="bs-wechat-notice" role="alert">
      <Result
        status="info"
        title={MSG.pcBrowser}
        subTitle="微信内置浏览器无法完整使用标书写作与 Word 导出。请复制下面的地址，在 Chrome、Edge 等电脑浏览器中打开。"
        extra={
          <div className="bs-wechat-notice__url">
            <Typography.Text code copyable={false}>
              {url}
            </Typography.Text>
            <Button type="primary" onClick={copy}>
              {copied ? '已复制' : '复制链接'}
            </Button>
          </div>
        }
      />
    </div>
  );
}
