/* The client configuration's defaults: no request layer here, the landing island uses them too. */
import type { ClientConfig } from '@bid/shared';

/** What the shell shows when the configuration call fails or has not answered yet. */
export const FALLBACK_CLIENT_CONFIG: ClientConfig = {
  chapterSettingName: '',
  loadingTips: ['粘贴招标文件中的项目概况和评分标准，生成效果最好'],
  companyName: '标书 AI',
  registrationNo: '',
  // Nothing made up: the real channel comes from the server's configuration (CUSTOMER_SERVICE_*).
  customerService: { phone: '', wechat: '', hours: '' },
  // Not known until the server answers: the copy that quotes it leaves the number out meanwhile.
  signupTrialBids: null,
  uploadLimitBytes: null,
};

/** "电话 … / 微信 …" for the channels that are configured; null when none is. */
export function contactLine(cs: ClientConfig['customerService']): string | null {
  const parts = [cs.phone ? `电话 ${cs.phone}` : '', cs.wechat ? `微信 ${cs.wechat}` : ''].filter(Boolean);
  return parts.length ? parts.join(' / ') : null;
}

export const CLIENT_CONFIG_KEY = ['common', 'clientConfig'] as const;

/** Fills what a partial or failed answer lacks, so the footer and customer service always have text. */
export function withConfigDefaults(data: Partial<ClientConfig> | null | undefined): ClientConfig {
  const d = data ?? {};
  return {
    ...FALLBACK_CLIENT_CONFIG,
    ...d,
    signupTrialBids: d.signupTrialBids ?? null,
    uploadLimitBytes: d.uploadLimitBytes ?? null,
    loadingTips: d.loadingTips?.length ? d.loadingTips : FALLBACK_CLIENT_CONFIG.loadingTips,
    companyName: d.companyName || FALLBACK_CLIENT_CONFIG.companyName,
    customerService: {
      phone: d.customerService?.phone || FALLBACK_CLIENT_CONFIG.customerService.phone,
      wechat: d.customerService?.wechat || FALLBACK_CLIENT_CONFIG.customerService.wechat,
      hours: d.customerService?.hours || FALLBACK_CLIENT_CONFIG.customerService.hours,
    },
  };
}

/**
 * 「注册即送 N 份标书额度」 with the configured number (SIGNUP_TRIAL_BIDS); null when signup grants
 * nothing or the number is not known yet, so no page promises a quota the server does not give.
 */
export function signupGift(trialBids: number | null, noun = '标书额度'): string | null {
  return trialBids ? `注册即送 ${trialBids} 份${noun}` : null;
}

/** 「，单个文件不超过 N MB」 with the configured UPLOAD_LIMIT; empty while it is not known. */
export function uploadLimitClause(bytes: number | null): string {
  return bytes ? `，单个文件不超过 ${Math.floor(bytes / 1024 / 1024)} MB` : '';
}
